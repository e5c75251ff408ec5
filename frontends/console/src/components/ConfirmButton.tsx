import { useState, type ReactNode } from 'react';
import { Confirm } from 'react-admin';
import { ActionIconButton } from './ActionIconButton';

/**
 * An icon button that asks before it acts (react-admin's Confirm dialog): the label names the action and its
 * object for screen readers and as a tooltip.
 */
export function ConfirmIconButton({
  label,
  icon,
  title,
  content,
  onConfirm,
  disabled,
}: {
  label: string;
  icon: ReactNode;
  title: string;
  content: ReactNode;
  onConfirm(): Promise<void> | void;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <ActionIconButton label={label} icon={icon} disabled={disabled} onClick={() => setOpen(true)} />
      <Confirm
        isOpen={open}
        loading={busy}
        title={title}
        content={content}
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          setBusy(true);
          try {
            await onConfirm();
          } finally {
            setBusy(false);
            setOpen(false);
          }
        }}
      />
    </>
  );
}
