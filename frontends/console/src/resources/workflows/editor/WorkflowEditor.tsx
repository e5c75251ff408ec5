import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  Grid,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import { useConfirm } from '@user-office/frontend-shared/questionary';
import {
  Background,
  Controls,
  ReactFlow,
  ReactFlowProvider,
  useEdgesState,
  useNodesState,
  useReactFlow,
  type Connection,
  type NodeTypes,
} from '@xyflow/react';
import { Title, useNotify } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { ConsoleWorkflowCataloguesQuery, WorkflowType } from '../../../gql/graphql';
import { ConnectionPanel } from './ConnectionPanel';
import { rabbitMqDefaultsOf } from './action-config';
import { StatusNode } from './StatusNode';
import { workflowCommands } from './workflow-commands';
import {
  addStatusCommand,
  connectCommand,
  connectionsOf,
  edgeLabelOf,
  graphOf,
  nodeAt,
  nodeUnder,
  statusIdOf,
  type ConnectionEdge,
  type StatusNode as StatusNodeType,
  type WorkflowDetail,
} from './workflow-model';

const nodeTypes: NodeTypes = { status: StatusNode };
/** the drag data type of a palette status */
export const STATUS_DRAG_TYPE = 'application/x-user-office-status';

type Catalogues = ConsoleWorkflowCataloguesQuery;

function Editor({ entityType }: { entityType: WorkflowType }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const workflowId = Number(useParams().workflowId);
  const flow = useReactFlow();
  const wrapper = useRef<HTMLDivElement>(null);
  const [workflow, setWorkflow] = useState<WorkflowDetail | null | undefined>(undefined);
  const [catalogues, setCatalogues] = useState<Catalogues | null>(null);
  const [nodes, setNodes, onNodesChange] = useNodesState<StatusNodeType>([]);
  const [edges, setEdges, onEdgesChange] = useEdgesState<ConnectionEdge>([]);
  const [selectedStatus, setSelectedStatus] = useState<number | null>(null);
  const [selectedConnection, setSelectedConnection] = useState<number | null>(null);
  const [asBranch, setAsBranch] = useState(false);
  const [confirm, confirmDialog] = useConfirm();

  const reload = useCallback(async () => {
    const loaded = await workflowCommands.load(workflowId);
    setWorkflow(loaded ?? null);
    const graph = loaded ? graphOf(loaded) : { nodes: [], edges: [] };
    setNodes(graph.nodes);
    setEdges(graph.edges);
  }, [workflowId, setNodes, setEdges]);

  useEffect(() => {
    reload().catch((e: Error) => {
      notify(e.message, { type: 'error' });
      setWorkflow(null);
    });
    workflowCommands
      .catalogues(entityType)
      .then(setCatalogues)
      .catch((e: Error) => notify(e.message, { type: 'error' }));
  }, [reload, notify, entityType]);

  /** Runs one command, shows the server's refusal if any, and reloads the graph from the server. */
  const run = useCallback(
    async (command: () => Promise<unknown>) => {
      try {
        await command();
      } catch (e) {
        notify((e as Error).message, { type: 'error' });
      }
      await reload().catch(() => undefined);
    },
    [notify, reload],
  );

  // the whole graph in view when a status comes or goes
  const nodeCount = nodes.length;
  useEffect(() => {
    if (nodeCount === 0) return;
    const frame = requestAnimationFrame(() => void flow.fitView({ padding: 0.1 }));
    return () => cancelAnimationFrame(frame);
  }, [nodeCount, flow]);

  const connections = useMemo(() => (workflow ? connectionsOf(workflow) : []), [workflow]);
  const palette = useMemo(
    () => (catalogues?.getStatuses ?? []).filter((s) => !connections.some((c) => c.statusId === s.id)),
    [catalogues, connections],
  );
  const emailTemplates = useMemo(
    () => (catalogues?.getEmailTemplates ?? []).filter((e) => e.entityType === entityType),
    [catalogues, entityType],
  );
  const rabbitMqDefaults = useMemo(
    () => rabbitMqDefaultsOf(catalogues?.getStatusActions.find((a) => a.type === 'RABBITMQ')?.defaultConfig),
    [catalogues],
  );
  // the edges' labels with the installation's RabbitMQ defaults (profile, exchanges) once known
  const labelledEdges = useMemo(
    () =>
      edges.map((edge) =>
        edge.data ? { ...edge, label: edgeLabelOf(edge.data.connection, rabbitMqDefaults) } : edge,
      ),
    [edges, rabbitMqDefaults],
  );

  if (workflow === undefined) {
    return (
      <Box sx={{ p: 6, textAlign: 'center' }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  }
  if (workflow === null) return <Alert severity="error">{t('console.workflows.editor.notFound')}</Alert>;

  const statusName = (statusId: number | null | undefined) =>
    connections.find((c) => c.statusId === statusId)?.status.name ?? '';
  const selected = connections.find((c) => c.statusId === selectedStatus);
  const connection = connections.find((c) => c.id === selectedConnection);

  const addStatus = (statusId: number, afterStatusId: number | null) => {
    const variables = addStatusCommand(workflow, statusId, afterStatusId, asBranch);
    if (variables) void run(() => workflowCommands.addStatus(variables));
  };
  const connect = (sourceStatusId: number, targetStatusId: number) => {
    const variables = connectCommand(workflow, sourceStatusId, targetStatusId);
    if (variables) void run(() => workflowCommands.moveStatus(variables));
    else void reload();
  };
  const removeStatus = (statusId: number) => {
    const c = connections.find((x) => x.statusId === statusId);
    if (!c) return;
    void confirm(t('console.workflows.editor.deleteStatusConfirm', { name: c.status.name })).then((yes) => {
      if (yes) {
        setSelectedStatus(null);
        if (selectedConnection === c.id) setSelectedConnection(null);
        void run(() => workflowCommands.deleteStatus(workflow.id, c.statusId, c.sortOrder));
      } else void reload();
    });
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    const statusId = Number(event.dataTransfer.getData(STATUS_DRAG_TYPE));
    if (!statusId) return;
    const point = flow.screenToFlowPosition({ x: event.clientX, y: event.clientY });
    const hit = nodeAt(nodes, point);
    addStatus(statusId, hit ? statusIdOf(hit.id) : selectedStatus);
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={`${t('console.workflows.editorTitle')}: ${workflow.name}`} />
      <Typography variant="h5" component="h1">
        {workflow.name}
      </Typography>
      {workflow.description ? (
        <Typography variant="body2" color="text.secondary">
          {workflow.description}
        </Typography>
      ) : null}
      <Typography variant="body2" sx={{ my: 1 }}>
        {t('console.workflows.editor.help')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 3 }}>
          <Paper component="section" aria-labelledby="palette-title" variant="outlined" sx={{ p: 1 }}>
            <Typography id="palette-title" variant="h6" component="h2">
              {t('console.workflows.editor.palette')}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              {t('console.workflows.editor.paletteHelp')}
            </Typography>
            <FormControlLabel
              control={
                <Checkbox size="small" checked={asBranch} onChange={(e) => setAsBranch(e.target.checked)} />
              }
              label={t('console.workflows.editor.asBranch')}
            />
            {palette.length === 0 ? (
              <Typography variant="body2">{t('console.workflows.editor.paletteEmpty')}</Typography>
            ) : null}
            <List
              dense
              aria-label={t('console.workflows.editor.palette')}
              sx={{ maxHeight: '60vh', overflowY: 'auto' }}
            >
              {palette.map((status) => (
                <ListItem
                  key={status.id}
                  draggable
                  onDragStart={(e) => {
                    e.dataTransfer.setData(STATUS_DRAG_TYPE, String(status.id));
                    e.dataTransfer.effectAllowed = 'move';
                  }}
                  data-testid={`palette-${status.shortCode}`}
                  sx={{ cursor: 'grab', border: 1, borderColor: 'divider', borderRadius: 1, mb: 0.5 }}
                  secondaryAction={
                    <Tooltip title={t('console.workflows.editor.add', { name: status.name })}>
                      <IconButton
                        edge="end"
                        size="small"
                        aria-label={t('console.workflows.editor.add', { name: status.name })}
                        onClick={() => addStatus(status.id, selectedStatus)}
                      >
                        <Add fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  }
                >
                  <ListItemText primary={status.name} secondary={status.shortCode} />
                </ListItem>
              ))}
            </List>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 9 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, minHeight: 40 }}>
            <Typography variant="body2" sx={{ flex: 1 }}>
              {selected
                ? t('console.workflows.editor.selected', { name: selected.status.name })
                : t('console.workflows.editor.noneSelected')}
            </Typography>
            {selected && selected.prevStatusId !== null ? (
              <Button
                size="small"
                color="error"
                startIcon={<Delete />}
                onClick={() => removeStatus(selected.statusId)}
              >
                {t('console.workflows.editor.deleteStatus', { name: selected.status.name })}
              </Button>
            ) : null}
          </Stack>
          <Box
            ref={wrapper}
            role="region"
            aria-label={t('console.workflows.editor.canvas')}
            sx={{ height: '65vh', border: 1, borderColor: 'divider', borderRadius: 1 }}
            onDragOver={(e) => {
              e.preventDefault();
              e.dataTransfer.dropEffect = 'move';
            }}
            onDrop={onDrop}
          >
            <ReactFlow
              nodes={nodes}
              edges={labelledEdges}
              nodeTypes={nodeTypes}
              onNodesChange={onNodesChange}
              onEdgesChange={onEdgesChange}
              onConnect={(c: Connection) => connect(statusIdOf(c.source), statusIdOf(c.target))}
              onNodeClick={(_, node) => setSelectedStatus(statusIdOf(node.id))}
              onEdgeClick={(_, edge) => setSelectedConnection(edge.data?.connection.id ?? null)}
              onPaneClick={() => setSelectedStatus(null)}
              // keyboard selection too (Tab to a status or a connection, Enter)
              onSelectionChange={({ nodes: n, edges: e }) => {
                if (n[0]) setSelectedStatus(statusIdOf(n[0].id));
                const c = (e[0] as ConnectionEdge | undefined)?.data?.connection;
                if (c) setSelectedConnection(c.id);
              }}
              onNodeDragStop={(_, node) => {
                const over = nodeUnder(nodes, node);
                if (over) connect(statusIdOf(over.id), statusIdOf(node.id));
              }}
              onNodesDelete={(deleted) => deleted.forEach((n) => removeStatus(statusIdOf(n.id)))}
              deleteKeyCode={['Backspace', 'Delete']}
              fitView
              minZoom={0.2}
              proOptions={{ hideAttribution: true }}
            >
              <Background />
              <Controls />
            </ReactFlow>
          </Box>
        </Grid>
        {connection ? (
          <ConnectionPanel
            key={`${connection.id}-${JSON.stringify(connection.statusChangingEvents)}-${JSON.stringify(connection.statusActions)}`}
            connection={connection}
            fromName={statusName(connection.prevStatusId)}
            events={catalogues?.getWorkflowEvents ?? []}
            emailTemplates={emailTemplates}
            rabbitMqDefaults={rabbitMqDefaults}
            onClose={() => setSelectedConnection(null)}
            onSave={async ({ events, actions }) => {
              try {
                if (events) await workflowCommands.setEvents(connection.id, events);
                if (actions) await workflowCommands.setActions(workflow.id, connection.id, actions);
                notify(t('console.workflows.connection.saved'), { type: 'success' });
              } catch (e) {
                notify((e as Error).message, { type: 'error' });
              }
              await reload().catch(() => undefined);
            }}
          />
        ) : null}
      </Grid>
      {confirmDialog}
    </Box>
  );
}

/**
 * /console/ProposalWorkflowEditor/{workflowId} and /console/ExperimentWorkflowEditor/{workflowId} (§2): statuses as
 * nodes, connections as edges (@xyflow/react); drag a status from the palette onto the canvas, connect, move and
 * delete; select a connection to edit its status-changing events and status actions. Every change is one §7
 * command; the graph reloads from the server after it.
 */
export function workflowEditorPage(entityType: WorkflowType) {
  function WorkflowEditor() {
    return (
      <ReactFlowProvider>
        <Editor entityType={entityType} />
      </ReactFlowProvider>
    );
  }
  return WorkflowEditor;
}
