import { Chip, Paper, Typography } from '@mui/material';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import type { StatusNode as StatusNodeType } from './workflow-model';

/** A status of the workflow on the canvas: its name and short code, a handle in and a handle out. */
export function StatusNode({ data, selected }: NodeProps<StatusNodeType>) {
  const { t } = useTranslation();
  const { status } = data.connection;
  return (
    <Paper
      elevation={selected ? 6 : 1}
      sx={{
        px: 1.5,
        py: 1,
        width: 180,
        border: 2,
        borderColor: selected ? 'primary.main' : 'divider',
      }}
    >
      <Handle type="target" position={Position.Left} />
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {status.name}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        {status.shortCode}
      </Typography>
      {data.isInitial ? (
        <Chip size="small" label={t('console.workflows.editor.initial')} sx={{ mt: 0.5 }} />
      ) : null}
      <Handle type="source" position={Position.Right} />
    </Paper>
  );
}
