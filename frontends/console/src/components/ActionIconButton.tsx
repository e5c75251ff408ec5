import type { ReactNode } from 'react';
import { IconButton, Tooltip } from '@mui/material';

/**
 * A row's icon button: its label names the action and its object, for screen readers and as a tooltip (kept on a
 * disabled button, where it says why).
 */
export function ActionIconButton({
  label,
  icon,
  onClick,
  disabled = false,
}: {
  label: string;
  icon: ReactNode;
  onClick(): void;
  disabled?: boolean;
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} onClick={onClick} disabled={disabled}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}
