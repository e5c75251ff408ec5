import { createHash } from 'node:crypto';
import { Client } from 'pg';
import {
  AllocationTimeUnit,
  DataType,
  DependenciesLogicOperator,
  ProposalEndStatus,
  Role,
  TemplateCategoryId,
  TemplateGroupId,
  WorkflowType,
  type CallCreatedData,
  type ConnectionPlacement,
  type Dependency,
  type TemplateFieldData,
  type ProposalUpdatedData,
  type TopicData,
  type UserProfile,
} from '@user-office/contracts';
import type { SqlClient } from '../../platform/database/sql-client';
import type { EventMetadata, EventStore, StreamAppend } from '../../platform/event-store/event-store.port';
import { versionsOf } from '../../platform/event-store/sql-event-store';
import {
  digest,
  iso,
  num,
  numOrNull,
  str,
  strOrNull,
  type ImportContext,
  type ImportKind,
  type Planned,
  type Row,
  type TemplateInfo,
} from './import-context';
import { DeferredProjections } from './deferred-projections';
import { LATER_KINDS } from './kinds';
import { changedSince, latestDetails } from './kinds/support';
import { checkSourceSchema } from './uoc-schema';

/** A row that could not come across, with why. */
export interface ImportProblem {
  kind: string;
  sourceRow: string;
  reason: string;
}

export interface KindCount {
  read: number;
  /** events appended */
  events: number;
}

export interface UocImportReport {
  schema: string;
  kinds: Record<string, KindCount>;
  problems: ImportProblem[];
  events: number;
  proposals: number;
  seconds: number;
  /** nothing was appended: the store already held everything the source has */
  nothingNew: boolean;
}

export interface UocImportOptions {
  sourceUrl: string;
  /** proposals per batch (one read of each related table, one append) */
  batchSize?: number;
  log?: (line: string) => void;
  /** test hook: called after each committed proposals batch */
  afterBatch?: (done: number) => Promise<void> | void;
  /** test hook: rows per read of the later kinds instead of their own batch sizes (small: many checkpoints) */
  kindBatchSize?: number;
  /** test hook: called after each checkpointed batch of a later kind (`kinds/<name>`, its last key) */
  afterKindBatch?: (kind: string, lastKey: number) => Promise<void> | void;
}

/** Refuses (throws, naming what is missing) a source that is not user-office-core at the supported patch. */
export async function checkUocSource(sourceUrl: string): Promise<string> {
  const source = new Client({ connectionString: sourceUrl, options: '-c default_transaction_read_only=on' });
  await source.connect();
  try {
    const columns = (
      await source.query<{ table: string; column: string }>(
        `SELECT table_name AS table, column_name AS column FROM information_schema.columns
          WHERE table_schema = current_schema()`,
      )
    ).rows;
    const patches = columns.some((c) => c.table === 'db_patches')
      ? (await source.query<{ patch_id: string }>('SELECT patch_id FROM db_patches')).rows.map(
          (r) => r.patch_id,
        )
      : [];
    const check = checkSourceSchema(patches, columns);
    if (!check.ok) throw new Error(check.message);
    return check.message;
  } finally {
    await source.end().catch(() => undefined);
  }
}

/** the uuid (v5 layout) of a name: an event keyed by its source row is refused the second time */
export function eventIdOf(name: string): string {
  const h = createHash('sha1').update(`uoc-import:${name}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

const sequentially = async (thunks: (() => Promise<Row[]>)[]): Promise<Row[][]> => {
  const out: Row[][] = [];
  for (const t of thunks) out.push(await t());
  return out;
};

const GROUPS: Record<string, TemplateGroupId> = {
  PROPOSAL: TemplateGroupId.PROPOSAL_QUESTIONARY,
  PROPOSAL_ESI: TemplateGroupId.PROPOSAL_ESI,
  SAMPLE: TemplateGroupId.SAMPLE_DECLARATION,
  SAMPLE_ESI: TemplateGroupId.SAMPLE_ESI,
  SHIPMENT: TemplateGroupId.SHIPMENT_DECLARATION,
  VISIT_REGISTRATION: TemplateGroupId.VISIT_REGISTRATION,
  GENERIC_TEMPLATE: TemplateGroupId.GENERIC_TEMPLATE,
  FEEDBACK: TemplateGroupId.FEEDBACK,
  FAP_REVIEW_TEMPLATE: TemplateGroupId.FAP_REVIEW,
  TECHNICAL_REVIEW_TEMPLATE: TemplateGroupId.TECHNICAL_REVIEW,
  PROPOSAL_PDF: TemplateGroupId.PDF,
};
const CATEGORIES: Record<number, TemplateCategoryId> = {
  1: TemplateCategoryId.PROPOSAL,
  2: TemplateCategoryId.SAMPLE,
  3: TemplateCategoryId.SHIPMENT,
  4: TemplateCategoryId.VISIT_REGISTRATION,
  7: TemplateCategoryId.GENERIC_TEMPLATE,
  8: TemplateCategoryId.FEEDBACK,
  9: TemplateCategoryId.PDF_TEMPLATE,
  10: TemplateCategoryId.FAP_REVIEW,
  11: TemplateCategoryId.TECHNICAL_REVIEW,
};
const END_STATUS: Record<number, ProposalEndStatus> = {
  0: ProposalEndStatus.UNSET,
  1: ProposalEndStatus.ACCEPTED,
  2: ProposalEndStatus.RESERVED,
  3: ProposalEndStatus.REJECTED,
};
const TECH_STATUS = ['FEASIBLE', 'PARTIALLY_FEASIBLE', 'UNFEASIBLE'] as const;
const DATA_TYPES = new Set<string>(Object.values(DataType));
const ROLES = new Set<string>(Object.values(Role));

/** the profile fields the importer writes from UOC's `users` (the others UOC no longer has) */
type ImportedProfile = Pick<
  UserProfile,
  'user_title' | 'firstname' | 'lastname' | 'preferredname' | 'institutionId' | 'email'
>;

/** a user as the store's read model has it */
interface StoredUser extends ImportedProfile {
  oidc_sub: string | null;
  placeholder: boolean;
  roles: string[];
  deleted: boolean;
}

/** a batch of proposals as read from the source: the rows, then those of each related table */
interface ProposalBatch {
  proposals: Row[];
  related: Row[][];
}

/**
 * Imports a user-office-core database as events of the catalogue (docs/uoc-import.md): read-only on the source
 * (one REPEATABLE READ READ ONLY transaction: a consistent snapshot), events keyed by their source rows (a repeat
 * is skipped), proposals in checkpointed batches (a killed run resumes after the last committed batch).
 */
export class UocImporter implements ImportContext {
  private source!: Client;
  private readonly problems = new Map<string, ImportProblem>();
  private readonly kinds: Record<string, KindCount> = {};
  readonly users = new Set<number>();
  readonly statuses = new Map<number, { shortCode: string; entityType: string }>();
  /** workflow → status id → connection id */
  readonly connections = new Map<number, Map<number, number>>();
  private readonly initialStatus = new Map<number, number>();
  readonly calls = new Map<number, { workflowId: number; shortCode: string }>();
  readonly templates = new Map<number, TemplateInfo>();
  readonly questions = new Set<string>();
  readonly instruments = new Map<number, { name: string; shortCode: string }>();
  private readonly runId = new Date().toISOString();
  private appended = 0;
  /** while set, the appends' inline read models are applied beside the next batch (`DeferredProjections`) */
  private deferred: DeferredProjections | null = null;
  private options: UocImportOptions = { sourceUrl: '' };
  /** the problems already in `uoc_import_problems` (by their key in `problems`) */
  private readonly kept = new Set<string>();
  /** no run has completed into this store (`first_pass` in the checkpoints): a killed one may have begun */
  private resumed = false;

  constructor(
    readonly sql: SqlClient,
    private readonly store: EventStore,
    private readonly reactions: readonly string[] = [],
  ) {}

  async run(options: UocImportOptions): Promise<UocImportReport> {
    const started = performance.now();
    const log = options.log ?? (() => undefined);
    this.options = options;
    this.source = new Client({
      connectionString: options.sourceUrl,
      // the source is only read: the session refuses writes even if a query tried one
      options: '-c default_transaction_read_only=on',
    });
    await this.source.connect();
    try {
      await this.source.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const schema = await this.checkSchema();
      await this.migrate();
      // no run has completed into this store yet: a killed run's problems may be kept (merged into the report)
      this.resumed = !(await this.checkpoint('first_pass')).complete;
      await this.importInstitutions();
      await this.importUsers();
      await this.importStatusesAndWorkflows();
      await this.importQuestionsAndTemplates();
      await this.importCalls();
      await this.importInstruments();
      const proposals = await this.importProposals(options.batchSize ?? 1000, log, options.afterBatch);
      for (const kind of LATER_KINDS) await this.importKind(kind, log);
      await this.advanceSequences();
      await this.moveReactionsPastImport();
      await this.recordProblems();
      await this.saveCheckpoint('first_pass', 0, true);
      await this.source.query('COMMIT');
      return {
        schema,
        kinds: this.kinds,
        problems: [...this.problems.values()],
        events: this.appended,
        proposals,
        seconds: (performance.now() - started) / 1000,
        nothingNew: this.appended === 0,
      };
    } finally {
      await this.source.end().catch(() => undefined);
    }
  }

  /** a kind of its own file (kinds/): its rows read, its events written through this importer's context */
  private async importKind(kind: ImportKind, log: (line: string) => void): Promise<void> {
    const started = performance.now();
    await kind.run(this);
    log(`${kind.name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }

  batch(size: number): number {
    return this.options.kindBatchSize ?? size;
  }

  async afterBatch(kind: string, lastKey: number): Promise<void> {
    await this.options.afterKindBatch?.(kind, lastKey);
  }

  async rows<T extends Row = Row>(text: string, params: unknown[] = []): Promise<T[]> {
    return (await this.source.query<T>(text, params)).rows;
  }

  problem(kind: string, sourceRow: string, reason: string): void {
    this.problems.set(`${kind}|${sourceRow}|${reason}`, { kind, sourceRow, reason });
  }

  count(kind: string, read: number, events: number): void {
    const k = (this.kinds[kind] ??= { read: 0, events: 0 });
    k.read += read;
    k.events += events;
  }

  private async checkSchema(): Promise<string> {
    const columns = await this.rows<{ table: string; column: string }>(
      `SELECT table_name AS table, column_name AS column FROM information_schema.columns
        WHERE table_schema = current_schema()`,
    );
    const hasPatches = columns.some((c) => c.table === 'db_patches');
    const patches = hasPatches
      ? (await this.rows<{ patch_id: string }>('SELECT patch_id FROM db_patches')).map((r) => r.patch_id)
      : [];
    const check = checkSourceSchema(patches, columns);
    if (!check.ok) throw new Error(check.message);
    return check.message;
  }

  private async migrate(): Promise<void> {
    await this.sql.query(`CREATE TABLE IF NOT EXISTS uoc_import_checkpoints (
      kind text PRIMARY KEY, last_key bigint NOT NULL, complete boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL DEFAULT now())`);
    await this.sql.query(`CREATE TABLE IF NOT EXISTS uoc_import_problems (
      kind text NOT NULL, source_row text NOT NULL, reason text NOT NULL,
      first_seen timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (kind, source_row, reason))`);
  }

  /**
   * Writes planned events: those already stored (same key) are skipped, the rest appended after each stream's
   * current version, split where the actor or the source row changes (metadata is per stream append).
   */
  async write(kind: string, planned: Planned[]): Promise<number> {
    if (planned.length === 0) return 0;
    const ids = planned.map((p) => eventIdOf(p.key));
    const existing = new Set(
      (
        await this.sql.query<{ event_id: string }>(
          'SELECT event_id::text AS event_id FROM events WHERE event_id = ANY($1::uuid[])',
          [ids],
        )
      ).rows.map((r) => r.event_id),
    );
    const fresh: { p: Planned; eventId: string }[] = [];
    planned.forEach((p, i) => {
      if (!existing.has(ids[i])) fresh.push({ p, eventId: ids[i] });
    });
    if (fresh.length === 0) return 0;
    const appends: StreamAppend[] = [];
    let last: StreamAppend | null;
    let lastKey = '';
    // one kind of stream after the other: the projections fold long runs of one kind (proposal_views' applyBatch
    // ends a folded run at each assessment event)
    const rank = (streamId: string): number =>
      streamId.startsWith('proposal-assessment-') ? 2 : streamId.startsWith('questionary-') ? 1 : 0;
    const byStream = new Map<string, { p: Planned; eventId: string }[]>();
    for (const f of fresh.sort((a, b) => rank(a.p.streamId) - rank(b.p.streamId))) {
      const events = byStream.get(f.p.streamId);
      if (events) events.push(f);
      else byStream.set(f.p.streamId, [f]);
    }
    for (const [streamId, events] of byStream) {
      last = null;
      for (const { p, eventId } of events) {
        const key = `${p.actorId}|${p.impersonatorId ?? null}|${p.from}`;
        if (!last || key !== lastKey) {
          // after the stream's current version, whatever it is (the store places each part in the append's
          // transaction, a later part after the earlier): the product is stopped while it imports, and a repeat is
          // kept out by the events' ids above, not by versions (reading them here cost a query per batch)
          last = {
            streamId,
            events: [],
            expectedVersion: 'any',
            metadata: this.metadata(p.actorId, p.from, p.impersonatorId ?? null),
          };
          appends.push(last);
          lastKey = key;
        }
        last.events.push({
          type: p.type,
          data: p.data,
          eventId,
          createdAt: p.at ? new Date(p.at) : undefined,
        });
      }
    }
    // one transaction: every stream's parts (a part per actor) in order, all or nothing
    const results = await this.store.appendMany(appends, { metadata: this.metadata(null, `uoc:${kind}`) });
    if (this.deferred)
      await this.deferred.push(results.flatMap((r) => r.events).sort((a, b) => a.position - b.position));
    this.appended += fresh.length;
    return fresh.length;
  }

  private metadata(
    actorId: number | null,
    from: string,
    impersonatorId: number | null = null,
  ): EventMetadata {
    return {
      actorId: actorId !== null && this.users.has(actorId) ? actorId : null,
      impersonatorId: impersonatorId !== null && this.users.has(impersonatorId) ? impersonatorId : null,
      correlationId: `uoc-import-${this.runId}`,
      causationId: null,
      importedFrom: from,
    };
  }

  private async importInstitutions(): Promise<void> {
    const rows = await this.rows(
      `SELECT i.institution_id, i.institution, i.country_id, i.ror_id, c.country
         FROM institutions i LEFT JOIN countries c USING (country_id) ORDER BY i.institution_id`,
    );
    const planned: Planned[] = [];
    for (const r of rows) {
      const id = num(r.institution_id);
      if (r.country_id !== null && r.country === null)
        this.problem('institutions', `institution_id=${id}`, `country ${str(r.country_id)} does not exist`);
      planned.push({
        streamId: `institution-${id}`,
        key: `institutions/${id}`,
        type: 'InstitutionCreated',
        data: { id, name: str(r.institution), country: num(r.country_id ?? 0), rorId: strOrNull(r.ror_id) },
        at: null,
        actorId: null,
        from: `uoc:institutions/${id}`,
      });
    }
    this.count('institutions', rows.length, await this.write('institutions', planned));
  }

  private async importUsers(): Promise<void> {
    const roles = await this.rows<{ user_id: number; short_code: string }>(
      `SELECT ru.user_id, r.short_code FROM role_user ru JOIN roles r USING (role_id) ORDER BY ru.user_id, r.role_id`,
    );
    const rolesOf = new Map<number, Role[]>();
    for (const r of roles) {
      const role = r.short_code.toUpperCase();
      if (!ROLES.has(role)) {
        this.problem('roles', `role_user user_id=${r.user_id} role=${r.short_code}`, 'unknown role');
        continue;
      }
      rolesOf.set(r.user_id, [...(rolesOf.get(r.user_id) ?? []), role as Role]);
    }
    const institutions = new Set(
      (await this.rows<{ id: number }>('SELECT institution_id AS id FROM institutions')).map((r) => r.id),
    );
    const rows = await this.rows('SELECT * FROM users ORDER BY user_id');
    const stored = await this.storedUsers();
    const planned: Planned[] = [];
    const changed: { row: Row; now: StoredUser; profile: ImportedProfile; roles: Role[] }[] = [];
    for (const r of rows) {
      const id = num(r.user_id);
      this.users.add(id);
      let institutionId = numOrNull(r.institution_id);
      if (institutionId !== null && !institutions.has(institutionId)) {
        this.problem('users', `user_id=${id}`, `institution ${institutionId} does not exist: left empty`);
        institutionId = null;
      }
      const now = stored.get(id);
      if (now) {
        // imported before: what changed in the source since becomes the users module's own update events
        const profile: ImportedProfile = {
          user_title: strOrNull(r.user_title),
          firstname: str(r.firstname),
          lastname: str(r.lastname),
          preferredname: strOrNull(r.preferredname),
          institutionId,
          email: str(r.email),
        };
        if (!now.deleted) changed.push({ row: r, now, profile, roles: rolesOf.get(id) ?? [] });
      }
      planned.push({
        streamId: `user-${id}`,
        key: `users/${id}`,
        type: 'UserCreated',
        data: {
          id,
          user_title: strOrNull(r.user_title),
          username: null,
          firstname: str(r.firstname),
          lastname: str(r.lastname),
          preferredname: strOrNull(r.preferredname),
          gender: null,
          birthdate: null,
          institutionId,
          department: null,
          position: null,
          email: str(r.email),
          telephone: null,
          country: null,
          oidcSub: strOrNull(r.oidc_sub),
          placeholder: Boolean(r.placeholder),
          roles: rolesOf.get(id) ?? [],
          source: 'seed',
        },
        at: r.created_at as Date,
        actorId: null,
        from: `uoc:users/${id}`,
      });
    }
    planned.push(...(await this.planUserChanges(changed)));
    this.count('users', rows.length, await this.write('users', planned));
  }

  /** the users the store holds, as its read model has them (the profile fields the importer writes) */
  private async storedUsers(): Promise<Map<number, StoredUser>> {
    const { rows } = await this.sql.query<StoredUser & { id: number; institution_id: number | null }>(
      `SELECT id, user_title, firstname, lastname, preferredname, institution_id, email, oidc_sub, placeholder, roles,
              deleted FROM users`,
    );
    return new Map(rows.map((r) => [Number(r.id), { ...r, institutionId: numOrNull(r.institution_id) }]));
  }

  /**
   * A user imported before whose row changed in the source: `UserUpdated` with the changed profile fields (as
   * updateUser appends it), `UserRolesUpdated` for other roles, `UserOidcSubLinked` for another `oidc_sub`,
   * `UserPlaceholderCleared` for a placeholder no longer one. Keyed by the stream's version and the change (a
   * repeat plans nothing: the store then equals the source), at the row's `updated_at` where the source has one.
   */
  private async planUserChanges(
    changed: { row: Row; now: StoredUser; profile: ImportedProfile; roles: Role[] }[],
  ): Promise<Planned[]> {
    const wanted: { id: number; type: string; name: string; data: unknown; at: Date | string }[] = [];
    for (const { row, now, profile, roles } of changed) {
      const id = num(row.user_id);
      const at = (row.updated_at as Date | undefined) ?? this.runId;
      const changes = Object.fromEntries(
        Object.entries(profile).filter(([k, v]) => now[k as keyof ImportedProfile] !== v),
      );
      if (Object.keys(changes).length > 0)
        wanted.push({ id, type: 'UserUpdated', name: 'profile', data: { id, changes }, at });
      const sameRoles = roles.length === now.roles.length && roles.every((x) => now.roles.includes(x));
      // the users module refuses a user without roles: a source row that lost them all keeps the stored ones
      if (!sameRoles && roles.length > 0)
        wanted.push({ id, type: 'UserRolesUpdated', name: 'roles', data: { id, roles }, at });
      const sub = strOrNull(row.oidc_sub);
      if (sub !== null && sub !== now.oidc_sub)
        wanted.push({ id, type: 'UserOidcSubLinked', name: 'oidc_sub', data: { id, oidcSub: sub }, at });
      if (now.placeholder && !row.placeholder)
        wanted.push({ id, type: 'UserPlaceholderCleared', name: 'placeholder', data: { id }, at });
    }
    const versions = await this.streamVersions(wanted.map((w) => `user-${w.id}`));
    return wanted.map((w) => ({
      streamId: `user-${w.id}`,
      key: `users/${w.id}/${w.name}/v${versions.get(`user-${w.id}`) ?? 0}/${digest(w.data)}`,
      type: w.type,
      data: w.data,
      at: w.at,
      actorId: null,
      from: `uoc:users/${w.id}`,
    }));
  }

  /** each stream's current version in the store (absent: none) */
  private async streamVersions(streamIds: readonly string[]): Promise<Map<string, number>> {
    if (streamIds.length === 0) return new Map();
    return versionsOf(this.sql, streamIds);
  }

  private async importStatusesAndWorkflows(): Promise<void> {
    const statuses = await this.rows('SELECT * FROM statuses ORDER BY status_id');
    const planned: Planned[] = [];
    for (const r of statuses) {
      const id = num(r.status_id);
      const entityType = str(r.entity_type);
      this.statuses.set(id, { shortCode: str(r.short_code), entityType });
      planned.push({
        streamId: `status-${id}`,
        key: `statuses/${id}`,
        type: 'StatusCreated',
        data: {
          statusId: id,
          shortCode: str(r.short_code),
          name: str(r.name),
          description: str(r.description),
          entityType: entityType === 'EXPERIMENT' ? WorkflowType.EXPERIMENT : WorkflowType.PROPOSAL,
          isDefault: Boolean(r.is_default),
        },
        at: null,
        actorId: null,
        from: `uoc:statuses/${id}`,
      });
    }
    this.count('statuses', statuses.length, await this.write('statuses', planned));

    const workflows = await this.rows('SELECT * FROM workflows ORDER BY workflow_id');
    const connections = await this.rows(
      'SELECT * FROM workflow_connections ORDER BY workflow_id, workflow_connection_id',
    );
    const events = await this.rows(
      'SELECT workflow_connection_id, status_changing_event FROM status_changing_events ORDER BY 1, 2',
    );
    const eventsOf = new Map<number, string[]>();
    for (const e of events)
      eventsOf.set(num(e.workflow_connection_id), [
        ...(eventsOf.get(num(e.workflow_connection_id)) ?? []),
        str(e.status_changing_event),
      ]);
    const wf: Planned[] = [];
    for (const w of workflows) {
      const workflowId = num(w.workflow_id);
      const from = `uoc:workflows/${workflowId}`;
      const mine = connections.filter((c) => num(c.workflow_id) === workflowId);
      const placements: ConnectionPlacement[] = [];
      const byStatus = new Map<number, number>();
      for (const c of mine) {
        const statusId = num(c.status_id);
        if (!this.statuses.has(statusId)) {
          this.problem(
            'workflow_connections',
            `workflow_connection_id=${str(c.workflow_connection_id)}`,
            `status ${statusId} does not exist`,
          );
          continue;
        }
        byStatus.set(statusId, num(c.workflow_connection_id));
        placements.push({
          connectionId: num(c.workflow_connection_id),
          statusId,
          droppableGroupId: str(c.droppable_group_id),
          parentDroppableGroupId: strOrNull(c.parent_droppable_group_id),
          sortOrder: num(c.sort_order ?? 0),
          prevStatusId: numOrNull(c.prev_status_id),
          nextStatusId: numOrNull(c.next_status_id),
        });
      }
      this.connections.set(workflowId, byStatus);
      const initial = placements.find((p) => p.prevStatusId === null) ?? placements[0];
      if (!initial) {
        this.problem('workflows', `workflow_id=${workflowId}`, 'the workflow has no status: not imported');
        continue;
      }
      this.initialStatus.set(workflowId, initial.statusId);
      const entityType =
        str(w.entity_type) === 'EXPERIMENT' ? WorkflowType.EXPERIMENT : WorkflowType.PROPOSAL;
      wf.push({
        streamId: `workflow-${workflowId}`,
        key: `workflows/${workflowId}`,
        type: 'WorkflowCreated',
        data: {
          workflowId,
          name: str(w.name),
          description: str(w.description),
          entityType,
          isDefault: false,
          initialConnection: initial,
          initialStatusShortCode: this.statuses.get(initial.statusId)?.shortCode ?? '',
        },
        at: null,
        actorId: null,
        from,
      });
      const arranged: ConnectionPlacement[] = [initial];
      for (const p of placements) {
        if (p === initial) continue;
        arranged.push(p);
        wf.push({
          streamId: `workflow-${workflowId}`,
          key: `workflow_connections/${p.connectionId}`,
          type: 'WorkflowStatusAdded',
          data: {
            workflowId,
            connectionId: p.connectionId,
            statusId: p.statusId,
            shortCode: this.statuses.get(p.statusId)?.shortCode ?? '',
            arrangement: [...arranged],
          },
          at: null,
          actorId: null,
          from,
        });
      }
      for (const p of placements) {
        const list = eventsOf.get(p.connectionId);
        if (!list) continue;
        wf.push({
          streamId: `workflow-${workflowId}`,
          key: `status_changing_events/${p.connectionId}/${digest(list)}`,
          type: 'StatusChangingEventsSet',
          data: {
            workflowId,
            connectionId: p.connectionId,
            statusId: p.statusId,
            statusChangingEvents: list,
          },
          at: null,
          actorId: null,
          from,
        });
      }
    }
    this.count('workflows', workflows.length, await this.write('workflows', wf));
  }

  private async importQuestionsAndTemplates(): Promise<void> {
    const questions = await this.rows('SELECT * FROM questions ORDER BY question_id');
    const qPlanned: Planned[] = [];
    const naturalKey = new Map<string, string>();
    for (const q of questions) {
      const id = str(q.question_id);
      const dataType = str(q.data_type);
      const category = CATEGORIES[num(q.category_id)];
      if (!DATA_TYPES.has(dataType)) {
        this.problem('questions', `question_id=${id}`, `unknown question type ${dataType}: not imported`);
        continue;
      }
      if (!category) {
        this.problem(
          'questions',
          `question_id=${id}`,
          `unknown question category ${str(q.category_id)}: not imported`,
        );
        continue;
      }
      this.questions.add(id);
      naturalKey.set(id, str(q.natural_key));
      qPlanned.push({
        streamId: `question-${id}`,
        key: `questions/${id}`,
        type: 'QuestionCreated',
        data: {
          questionId: id,
          categoryId:
            dataType === DataType.PROPOSAL_ESI_BASIS
              ? TemplateCategoryId.PROPOSAL_ESI
              : dataType === DataType.SAMPLE_ESI_BASIS
                ? TemplateCategoryId.SAMPLE_ESI
                : category,
          dataType,
          naturalKey: str(q.natural_key),
          question: str(q.question),
          config: (q.default_config as Record<string, unknown>) ?? {},
        },
        at: q.created_at as Date,
        actorId: null,
        from: `uoc:questions/${id}`,
      });
    }
    this.count('questions', questions.length, await this.write('questions', qPlanned));

    const templates = await this.rows('SELECT * FROM templates ORDER BY template_id');
    const topics = await this.rows('SELECT * FROM topics ORDER BY template_id, sort_order, topic_id');
    const fields = await this.rows(
      'SELECT * FROM templates_has_questions ORDER BY template_id, topic_id, sort_order, question_id',
    );
    const deps = await this.rows('SELECT * FROM question_dependencies ORDER BY template_id, question_id');
    const tPlanned: Planned[] = [];
    for (const t of templates) {
      const templateId = num(t.template_id);
      const groupId = GROUPS[str(t.group_id)];
      if (!groupId) {
        this.problem(
          'templates',
          `template_id=${templateId}`,
          `template group ${str(t.group_id)} is not supported: not imported`,
        );
        continue;
      }
      const myTopics: TopicData[] = topics
        .filter((x) => num(x.template_id) === templateId)
        .map((x) => ({
          topicId: num(x.topic_id),
          title: str(x.topic_title),
          sortOrder: num(x.sort_order),
          isEnabled: Boolean(x.is_enabled),
        }));
      const info: TemplateInfo = { groupId, topicOf: new Map(), topics: myTopics.map((x) => x.topicId) };
      const myFields: TemplateFieldData[] = [];
      for (const f of fields.filter((x) => num(x.template_id) === templateId)) {
        const questionId = str(f.question_id);
        const row = `templates_has_questions template_id=${templateId} question_id=${questionId}`;
        if (!this.questions.has(questionId)) {
          this.problem(
            'templates_has_questions',
            row,
            'its question was not imported (missing or of an unknown type)',
          );
          continue;
        }
        if (!info.topics.includes(num(f.topic_id))) {
          this.problem('templates_has_questions', row, `topic ${str(f.topic_id)} is not on the template`);
          continue;
        }
        const dependencies: Dependency[] = [];
        for (const d of deps.filter(
          (x) => num(x.template_id) === templateId && str(x.question_id) === questionId,
        )) {
          const on = str(d.dependency_question_id);
          if (
            !this.questions.has(on) ||
            !fields.some((x) => num(x.template_id) === templateId && str(x.question_id) === on)
          ) {
            this.problem(
              'question_dependencies',
              `template_id=${templateId} question_id=${questionId} dependency_question_id=${on}`,
              'it depends on a question that is not on the template: the dependency is dropped',
            );
            continue;
          }
          dependencies.push({
            dependencyId: on,
            questionId,
            dependencyNaturalKey: naturalKey.get(on) ?? on,
            condition: d.dependency_condition as Dependency['condition'],
          });
        }
        info.topicOf.set(questionId, num(f.topic_id));
        myFields.push({
          questionId,
          topicId: num(f.topic_id),
          sortOrder: num(f.sort_order),
          config: (f.config as Record<string, unknown>) ?? {},
          dependencies,
          dependenciesOperator:
            str(f.dependencies_operator) === 'OR'
              ? DependenciesLogicOperator.OR
              : DependenciesLogicOperator.AND,
        });
      }
      this.templates.set(templateId, info);
      tPlanned.push({
        streamId: `template-${templateId}`,
        key: `templates/${templateId}`,
        type: 'TemplateCreated',
        data: {
          templateId,
          groupId,
          name: str(t.name),
          description: str(t.description),
          origin: 'imported',
          sourceTemplateId: null,
          topics: myTopics,
          fields: myFields,
          pdf: null,
        },
        at: null,
        actorId: null,
        from: `uoc:templates/${templateId}`,
      });
      if (t.is_archived)
        tPlanned.push({
          streamId: `template-${templateId}`,
          key: `templates/${templateId}/archived`,
          type: 'TemplateUpdated',
          data: { templateId, name: str(t.name), description: str(t.description), isArchived: true },
          at: null,
          actorId: null,
          from: `uoc:templates/${templateId}`,
        });
    }
    for (const a of await this.rows('SELECT * FROM active_templates ORDER BY group_id')) {
      const groupId = GROUPS[str(a.group_id)];
      if (!groupId || !this.templates.has(num(a.template_id))) continue;
      tPlanned.push({
        streamId: `template-group-${groupId}`,
        key: `active_templates/${str(a.group_id)}/${str(a.template_id)}`,
        type: 'ActiveTemplateSet',
        data: { groupId, templateId: num(a.template_id) },
        at: null,
        actorId: null,
        from: `uoc:active_templates/${str(a.group_id)}`,
      });
    }
    this.count('templates', templates.length, await this.write('templates', tPlanned));
  }

  private async importCalls(): Promise<void> {
    const rows = await this.rows('SELECT * FROM call ORDER BY call_id');
    const stored = await latestDetails(
      this,
      rows.map((c) => `call-${num(c.call_id)}`),
      ['CallCreated', 'CallUpdated'],
    );
    const planned: Planned[] = [];
    const defaultWorkflow = [...this.initialStatus.keys()][0] ?? 0;
    const template = (v: unknown): number | null =>
      v === null || !this.templates.has(num(v)) ? null : num(v);
    // the call's panels (`call_has_faps`): a FAP the source lacks is left out (FAPs come later, as a kind)
    const faps = new Set((await this.rows('SELECT fap_id FROM faps')).map((f) => num(f.fap_id)));
    const fapIdsOf = new Map<number, number[]>();
    for (const r of await this.rows('SELECT call_id, fap_id FROM call_has_faps ORDER BY call_id, fap_id')) {
      const [callId, fapId] = [num(r.call_id), num(r.fap_id)];
      if (!faps.has(fapId)) {
        this.problem(
          'call_has_faps',
          `call_id=${callId} fap_id=${fapId}`,
          'the FAP does not exist: left out',
        );
        continue;
      }
      const list = fapIdsOf.get(callId) ?? [];
      if (!list.includes(fapId)) list.push(fapId);
      fapIdsOf.set(callId, list);
    }
    for (const c of rows) {
      const callId = num(c.call_id);
      let workflowId = numOrNull(c.proposal_workflow_id);
      if (workflowId === null || !this.initialStatus.has(workflowId)) {
        this.problem(
          'call',
          `call_id=${callId}`,
          `proposal workflow ${String(workflowId)} does not exist: the call follows workflow ${defaultWorkflow}`,
        );
        workflowId = defaultWorkflow;
      }
      this.calls.set(callId, { workflowId, shortCode: str(c.call_short_code) });
      const unit = str(c.allocation_time_unit).toLowerCase();
      const data: CallCreatedData = {
        callId,
        shortCode: str(c.call_short_code),
        title: strOrNull(c.title),
        description: strOrNull(c.description),
        startCall: iso(c.start_call as Date),
        endCall: iso(c.end_call as Date),
        endCallInternal: iso((c.end_call_internal ?? c.end_call) as Date),
        startReview: iso(c.start_review as Date),
        endReview: iso(c.end_review as Date),
        startFapReview: c.start_fap_review ? iso(c.start_fap_review as Date) : null,
        endFapReview: c.end_fap_review ? iso(c.end_fap_review as Date) : null,
        startNotify: iso(c.start_notify as Date),
        endNotify: iso(c.end_notify as Date),
        startCycle: iso(c.start_cycle as Date),
        endCycle: iso(c.end_cycle as Date),
        cycleComment: str(c.cycle_comment),
        surveyComment: str(c.survey_comment),
        referenceNumberFormat: strOrNull(c.reference_number_format),
        proposalWorkflowId: workflowId,
        templateId: template(c.template_id) ?? 0,
        esiTemplateId: template(c.esi_template_id),
        pdfTemplateId: template(c.proposal_pdf_template_id),
        fapReviewTemplateId: template(c.fap_review_template_id),
        technicalReviewTemplateId: template(c.technical_review_template_id),
        allocationTimeUnit:
          unit === 'hour'
            ? AllocationTimeUnit.Hour
            : unit === 'week'
              ? AllocationTimeUnit.Week
              : AllocationTimeUnit.Day,
        submissionMessage: strOrNull(c.submission_message),
        experimentWorkflowId: numOrNull(c.experiment_workflow_id),
        fapIds: fapIdsOf.get(callId) ?? [],
      };
      planned.push({
        streamId: `call-${callId}`,
        key: `call/${callId}`,
        type: 'CallCreated',
        data,
        at: null,
        actorId: null,
        from: `uoc:call/${callId}`,
      });
      const before = stored.get(`call-${callId}`);
      const updated = changedSince(
        // a call imported before the panels were read holds none
        before && { ...before, data: { ...before.data, fapIds: before.data.fapIds ?? [] } },
        { ...data },
        {
          streamId: `call-${callId}`,
          key: `call/${callId}`,
          type: 'CallUpdated',
          // UOC keeps no modification time for a call: the run's
          at: (c.updated_at as Date | null | undefined) ?? this.runId,
          actorId: null,
          from: `uoc:call/${callId}`,
        },
      );
      if (updated) planned.push(updated);
    }
    this.count('calls', rows.length, await this.write('calls', planned));
  }

  private async importInstruments(): Promise<void> {
    const rows = await this.rows('SELECT * FROM instruments ORDER BY instrument_id');
    const scientists = await this.rows(
      'SELECT * FROM instrument_has_scientists ORDER BY instrument_id, user_id',
    );
    const planned: Planned[] = [];
    for (const r of rows) {
      const id = num(r.instrument_id);
      this.instruments.set(id, { name: str(r.name), shortCode: str(r.short_code) });
      const from = `uoc:instruments/${id}`;
      planned.push({
        streamId: `instrument-${id}`,
        key: `instruments/${id}`,
        type: 'InstrumentCreated',
        data: {
          id,
          name: str(r.name),
          shortCode: str(r.short_code),
          description: str(r.description),
          managerUserId: this.users.has(num(r.manager_user_id)) ? num(r.manager_user_id) : null,
          selectable: r.selectable !== false,
          instrumentContact: null,
        },
        at: null,
        actorId: null,
        from,
      });
      const ids = scientists.filter((s) => num(s.instrument_id) === id).map((s) => num(s.user_id));
      const known = ids.filter((u) => this.users.has(u));
      for (const u of ids.filter((x) => !this.users.has(x)))
        this.problem(
          'instrument_has_scientists',
          `instrument_id=${id} user_id=${u}`,
          'the user does not exist',
        );
      if (known.length > 0)
        planned.push({
          streamId: `instrument-${id}`,
          key: `instrument_has_scientists/${id}/${digest(known)}`,
          type: 'InstrumentScientistsAssigned',
          data: { instrumentId: id, scientistIds: known },
          at: null,
          actorId: null,
          from,
        });
    }
    this.count('instruments', rows.length, await this.write('instruments', planned));
  }

  private async checkpoint(kind: string): Promise<{ lastKey: number; complete: boolean }> {
    const { rows } = await this.sql.query<{ last_key: string | number; complete: boolean }>(
      'SELECT last_key, complete FROM uoc_import_checkpoints WHERE kind = $1',
      [kind],
    );
    return rows[0]
      ? { lastKey: Number(rows[0].last_key), complete: rows[0].complete }
      : { lastKey: 0, complete: false };
  }

  private async saveCheckpoint(kind: string, lastKey: number, complete: boolean): Promise<void> {
    await this.keepProblems();
    await this.sql.query(
      `INSERT INTO uoc_import_checkpoints (kind, last_key, complete) VALUES ($1, $2, $3)
       ON CONFLICT (kind) DO UPDATE SET last_key = $2, complete = $3, updated_at = now()`,
      [kind, lastKey, complete],
    );
  }

  /**
   * Proposals in batches of `batchSize` (keyset on proposal_pk), with their questionaries, answers, co-proposers,
   * invites, status history, management decision, instruments and technical reviews. The first pass resumes from
   * its checkpoint; once complete, later runs go over every proposal again and append only what is new.
   */
  private async importProposals(
    batchSize: number,
    log: (line: string) => void,
    afterBatch?: (done: number) => Promise<void> | void,
  ): Promise<number> {
    const cp = await this.checkpoint('proposals');
    const after = cp.complete ? 0 : cp.lastKey;
    const started = performance.now();
    // a batch's read models are written while the next batch is: none of them is read by this pass
    return this.deferringProjections(() =>
      this.importProposalBatches(cp, after, batchSize, log, afterBatch, started),
    );
  }

  /**
   * Runs `pass` with its appends' inline read models applied beside its next batch (`DeferredProjections`): a pass
   * that reads no read model its own batches write. They are all applied when it returns or fails.
   */
  async deferringProjections<T>(pass: () => Promise<T>): Promise<T> {
    this.deferred = DeferredProjections.begin(this.sql, this.store);
    let failed = false;
    try {
      return await pass();
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      // a failure of the pass's own is the one told
      await this.deferred?.drain().catch((error: unknown) => {
        if (!failed) throw error;
      });
      this.deferred = null;
    }
  }

  private async importProposalBatches(
    cp: { lastKey: number; complete: boolean },
    after: number,
    batchSize: number,
    log: (line: string) => void,
    afterBatch: ((done: number) => Promise<void> | void) | undefined,
    started: number,
  ): Promise<number> {
    let done = 0;
    // the next batch is read from the source while this one is written (two database sessions at work)
    let next = this.readProposals(after, batchSize);
    for (;;) {
      const batch = await next;
      const { proposals } = batch;
      if (proposals.length === 0) break;
      const pks = proposals.map((p) => num(p.proposal_pk));
      next = this.readProposals(pks[pks.length - 1], batchSize);
      // a failed write ends the run before the read is awaited: its own failure is not reported twice
      next.catch(() => undefined);
      const planned = [...this.planProposals(batch), ...(await this.planProposalUpdates(batch))];
      const events = await this.write('proposals', planned);
      after = pks[pks.length - 1];
      if (!cp.complete) await this.saveCheckpoint('proposals', after, false);
      done += proposals.length;
      this.count('proposals', proposals.length, events);
      await this.moveReactionsPastImport();
      const secs = (performance.now() - started) / 1000;
      log(
        `  proposals: ${done} read, ${this.kinds.proposals.events} events (${Math.round(done / secs)} proposals/s, rss ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB)`,
      );
      await afterBatch?.(done);
    }
    await this.saveCheckpoint('proposals', after, true);
    return done;
  }

  /** a batch of proposals after `after` (keyset) and their rows in each related table: one read per table */
  private async readProposals(after: number, batchSize: number): Promise<ProposalBatch> {
    const proposals = await this.rows(
      'SELECT * FROM proposals WHERE proposal_pk > $1 ORDER BY proposal_pk LIMIT $2',
      [after, batchSize],
    );
    if (proposals.length === 0) return { proposals, related: [] };
    const pks = proposals.map((p) => num(p.proposal_pk));
    const qids = proposals.map((p) => num(p.questionary_id));
    // one snapshot connection: its queries run one after the other
    const related = await sequentially([
      () => this.rows('SELECT * FROM questionaries WHERE questionary_id = ANY($1::int[])', [qids]),
      () =>
        this.rows(
          // the time as milliseconds (a float parses far faster than a timestamp: 20 answers a proposal)
          `SELECT questionary_id, question_id, answer, extract(epoch FROM created_at) * 1000 AS created_ms
             FROM answers WHERE questionary_id = ANY($1::int[]) ORDER BY questionary_id, answer_id`,
          [qids],
        ),
      () => this.rows('SELECT * FROM topic_completenesses WHERE questionary_id = ANY($1::int[])', [qids]),
      () =>
        this.rows(
          'SELECT * FROM proposal_user WHERE proposal_pk = ANY($1::int[]) ORDER BY proposal_pk, user_id',
          [pks],
        ),
      () =>
        this.rows(
          `SELECT i.*, c.proposal_pk FROM invites i JOIN co_proposer_claims c USING (invite_id)
            WHERE c.proposal_pk = ANY($1::int[]) ORDER BY i.invite_id`,
          [pks],
        ),
      () =>
        this.rows(
          `SELECT id, changed_by, impersonating_user_id, event_type, row_data, event_tstamp, changed_object_id FROM event_logs
            WHERE changed_object_id = ANY($1::text[])
              AND event_type IN ('PROPOSAL_STATUS_CHANGED_BY_WORKFLOW', 'PROPOSAL_STATUS_CHANGED_BY_USER')
            ORDER BY id`,
          [pks.map(String)],
        ),
      () =>
        this.rows(
          'SELECT * FROM instrument_has_proposals WHERE proposal_pk = ANY($1::int[]) ORDER BY instrument_id',
          [pks],
        ),
      () =>
        this.rows(
          'SELECT * FROM technical_review WHERE proposal_pk = ANY($1::int[]) ORDER BY technical_review_id',
          [pks],
        ),
    ]);
    return { proposals, related };
  }

  private planProposals({ proposals, related }: ProposalBatch): Planned[] {
    const [questionaries, answers, completeness, members, invites, history, assigned, reviews] = related;
    const group = <T extends Row>(rows: T[], key: string): Map<number, T[]> => {
      const m = new Map<number, T[]>();
      for (const r of rows) {
        const k = num(r[key]);
        const list = m.get(k);
        if (list) list.push(r);
        else m.set(k, [r]);
      }
      return m;
    };
    const qById = new Map(questionaries.map((q) => [num(q.questionary_id), q]));
    const answersOf = group(answers, 'questionary_id');
    const completeOf = group(completeness, 'questionary_id');
    const membersOf = group(members, 'proposal_pk');
    const invitesOf = group(invites, 'proposal_pk');
    const historyOf = group(history, 'changed_object_id');
    const assignedOf = group(assigned, 'proposal_pk');
    const reviewsOf = group(reviews, 'proposal_pk');
    const planned: Planned[] = [];
    for (const p of proposals) {
      const pk = num(p.proposal_pk);
      const from = `uoc:proposals/${pk}`;
      const stream = `proposal-${pk}`;
      const call = this.calls.get(num(p.call_id));
      if (!call) {
        this.problem('proposals', `proposal_pk=${pk}`, `call ${str(p.call_id)} does not exist: not imported`);
        continue;
      }
      const proposerId = num(p.proposer_id);
      if (!this.users.has(proposerId))
        this.problem(
          'proposals',
          `proposal_pk=${pk}`,
          `proposer ${proposerId} does not exist (a deleted user): kept as the proposer id, shown without a name`,
        );
      const userIds: number[] = [];
      for (const m of membersOf.get(pk) ?? []) {
        const u = num(m.user_id);
        if (this.users.has(u)) userIds.push(u);
        else
          this.problem(
            'proposal_user',
            `proposal_pk=${pk} user_id=${u}`,
            'the co-proposer does not exist: left out',
          );
      }
      const questionaryId = num(p.questionary_id);
      const q = qById.get(questionaryId);
      const initial = this.initialStatus.get(call.workflowId) ?? num(p.status_id);
      planned.push({
        streamId: stream,
        key: `proposals/${pk}/created`,
        type: 'ProposalCreated',
        data: {
          proposalPk: pk,
          proposalId: str(p.proposal_id),
          callId: num(p.call_id),
          proposerId,
          questionaryId,
          statusId: initial,
          title: str(p.title),
          abstract: str(p.abstract),
          userIds,
          clonedFromPk: null,
        },
        at: p.created_at as Date,
        actorId: proposerId,
        from,
      });
      if (q)
        planned.push(
          ...this.planQuestionary(
            q,
            answersOf.get(questionaryId) ?? [],
            completeOf.get(questionaryId) ?? [],
            proposerId,
            from,
          ),
        );
      else
        this.problem(
          'proposals',
          `proposal_pk=${pk}`,
          `questionary ${questionaryId} does not exist: the proposal has no answers`,
        );
      for (const inv of invitesOf.get(pk) ?? []) {
        const inviteId = `uoc-${str(inv.invite_id)}`;
        planned.push({
          streamId: stream,
          key: `invites/${str(inv.invite_id)}`,
          type: 'CoProposerInvited',
          data: {
            proposalPk: pk,
            inviteId,
            code: str(inv.code),
            email: str(inv.email),
            createdByUserId: num(inv.created_by),
            expiresAt: iso(inv.expires_at as Date),
          },
          at: inv.created_at as Date,
          actorId: numOrNull(inv.created_by),
          from: `uoc:invites/${str(inv.invite_id)}`,
        });
        if (inv.claimed_by !== null && this.users.has(num(inv.claimed_by)))
          planned.push({
            streamId: stream,
            key: `invites/${str(inv.invite_id)}/claimed`,
            type: 'CoProposerInviteAccepted',
            data: {
              proposalPk: pk,
              inviteId,
              userId: num(inv.claimed_by),
              claimedAt: iso(inv.claimed_at as Date),
            },
            at: inv.claimed_at as Date,
            actorId: num(inv.claimed_by),
            from: `uoc:invites/${str(inv.invite_id)}`,
          });
      }
      if (p.submitted)
        planned.push({
          streamId: stream,
          key: `proposals/${pk}/submitted`,
          type: 'ProposalSubmitted',
          data: {
            proposalPk: pk,
            proposalId: str(p.proposal_id),
            callId: num(p.call_id),
            submittedAt: iso((p.submitted_date ?? p.updated_at) as Date),
          },
          at: (p.submitted_date ?? p.updated_at) as Date,
          actorId: proposerId,
          from,
        });
      // the status history UOC logged, then the status it is in now
      let status = initial;
      for (const h of historyOf.get(pk) ?? []) {
        let to: number | null;
        try {
          const data = JSON.parse(str(h.row_data)) as { statusId?: number };
          to = typeof data.statusId === 'number' ? data.statusId : null;
        } catch {
          to = null;
        }
        if (to === null || !this.statuses.has(to)) {
          this.problem(
            'event_logs',
            `id=${str(h.id)}`,
            'a status change whose status cannot be read: left out of the history',
          );
          continue;
        }
        if (to === status) continue;
        const impersonator = numOrNull(h.impersonating_user_id);
        if (impersonator !== null && !this.users.has(impersonator))
          this.problem(
            'event_logs',
            `id=${str(h.id)}`,
            `its impersonating user ${impersonator} does not exist (a deleted user): the change without it`,
          );
        planned.push({
          ...this.statusChange(
            pk,
            status,
            to,
            call.workflowId,
            `event_logs/${str(h.id)}`,
            h.event_tstamp as Date,
            numOrNull(h.changed_by),
            str(h.event_type).endsWith('WORKFLOW') ? 'workflow' : 'user',
          ),
          // the officer who changed it as that user (UOC's impersonating_user_id): the event's impersonator
          impersonatorId: impersonator,
        });
        status = to;
      }
      const current = num(p.status_id);
      if (current !== status) {
        if (!this.statuses.has(current)) {
          this.problem(
            'proposals',
            `proposal_pk=${pk}`,
            `status ${current} does not exist: the proposal stays in status ${status}`,
          );
        } else {
          planned.push(
            this.statusChange(
              pk,
              status,
              current,
              call.workflowId,
              `proposals/${pk}/status/${current}/${iso(p.updated_at as Date)}`,
              p.updated_at as Date,
              null,
              'user',
            ),
          );
        }
      }
      if (!this.connections.get(call.workflowId)?.has(current) && this.statuses.has(current))
        this.problem(
          'proposals',
          `proposal_pk=${pk}`,
          `status ${this.statuses.get(current)?.shortCode} is on no connection of the call's workflow ${call.workflowId}: imported in it; the workflow cannot move it on until an officer changes its status`,
        );
      const finalStatus = END_STATUS[num(p.final_status ?? 0)] ?? ProposalEndStatus.UNSET;
      const allocations = (assignedOf.get(pk) ?? [])
        .filter((a) => a.management_time_allocation !== null && a.management_time_allocation !== undefined)
        .map((a) => ({ instrumentId: num(a.instrument_id), value: num(a.management_time_allocation) }));
      if (
        finalStatus !== ProposalEndStatus.UNSET ||
        p.comment_for_user ||
        p.comment_for_management ||
        p.management_decision_submitted
      ) {
        const decision = {
          proposalPk: pk,
          finalStatus,
          previousFinalStatus: ProposalEndStatus.UNSET,
          commentForUser: str(p.comment_for_user),
          commentForManagement: str(p.comment_for_management),
          managementTimeAllocations: allocations,
          managementDecisionSubmitted: Boolean(p.management_decision_submitted),
        };
        planned.push({
          streamId: stream,
          key: `proposals/${pk}/decision/${digest(decision)}`,
          type: 'ProposalManagementDecisionUpdated',
          data: decision,
          at: p.updated_at as Date,
          actorId: null,
          from,
        });
        if (p.management_decision_submitted)
          planned.push({
            streamId: stream,
            key: `proposals/${pk}/decision-submitted`,
            type: 'ProposalManagementDecisionSubmitted',
            data: { proposalPk: pk, finalStatus },
            at: p.updated_at as Date,
            actorId: null,
            from,
          });
      }
      if (p.notified)
        planned.push({
          streamId: stream,
          key: `proposals/${pk}/notified`,
          type: 'ProposalNotified',
          data: {
            proposalPk: pk,
            proposalId: str(p.proposal_id),
            proposerId,
            finalStatus,
            commentForUser: str(p.comment_for_user),
          },
          at: p.updated_at as Date,
          actorId: null,
          from,
        });
      planned.push(
        ...this.planAssessment(pk, assignedOf.get(pk) ?? [], reviewsOf.get(pk) ?? [], p.updated_at as Date),
      );
    }
    return planned;
  }

  /**
   * A proposal imported before whose title, abstract, proposer or co-proposers changed in the source since:
   * `ProposalUpdated` (as updateProposal appends it) with the source's values, when they differ from the store's
   * read model. Keyed by the stream's version and the new content (a repeat plans nothing: the store then equals
   * the source), at the row's `updated_at`.
   */
  private async planProposalUpdates({ proposals, related }: ProposalBatch): Promise<Planned[]> {
    const pks = proposals.map((p) => num(p.proposal_pk));
    const { rows: stored } = await this.sql.query<{
      proposal_pk: number;
      title: string;
      abstract: string;
      proposer_id: number;
      deleted: boolean;
    }>(
      'SELECT proposal_pk, title, abstract, proposer_id, deleted FROM proposals WHERE proposal_pk = ANY($1::int[])',
      [pks],
    );
    if (stored.length === 0) return [];
    const { rows: storedMembers } = await this.sql.query<{ proposal_pk: number; user_id: number }>(
      'SELECT proposal_pk, user_id FROM proposal_users WHERE proposal_pk = ANY($1::int[])',
      [stored.map((r) => r.proposal_pk)],
    );
    const membersNow = new Map<number, Set<number>>();
    for (const m of storedMembers) {
      const set = membersNow.get(Number(m.proposal_pk)) ?? new Set<number>();
      set.add(Number(m.user_id));
      membersNow.set(Number(m.proposal_pk), set);
    }
    const [, , , members, invites] = related;
    const byPk = new Map(proposals.map((p) => [num(p.proposal_pk), p]));
    // the members a first import folds to: the known users of proposal_user (ProposalCreated), then those who
    // claimed an invite and are neither among them nor the proposer (CoProposerInviteAccepted)
    const membersOf = new Map<number, number[]>();
    const add = (pk: number, u: number, claimed: boolean) => {
      const list = membersOf.get(pk) ?? [];
      const proposer = num(byPk.get(pk)?.proposer_id);
      if (this.users.has(u) && !list.includes(u) && !(claimed && u === proposer)) list.push(u);
      membersOf.set(pk, list);
    };
    for (const m of members) add(num(m.proposal_pk), num(m.user_id), false);
    for (const inv of invites)
      if (inv.claimed_by !== null) add(num(inv.proposal_pk), num(inv.claimed_by), true);
    const wanted: { pk: number; data: ProposalUpdatedData; at: Date }[] = [];
    for (const now of stored) {
      const pk = Number(now.proposal_pk);
      const p = byPk.get(pk);
      if (!p || now.deleted || !this.calls.has(num(p.call_id))) continue;
      const proposerId = num(p.proposer_id);
      const userIds = membersOf.get(pk) ?? [];
      const had = membersNow.get(pk) ?? new Set<number>();
      const same =
        now.title === str(p.title) &&
        now.abstract === str(p.abstract) &&
        Number(now.proposer_id) === proposerId &&
        userIds.length === had.size &&
        userIds.every((u) => had.has(u));
      if (same) continue;
      wanted.push({
        pk,
        data: { proposalPk: pk, title: str(p.title), abstract: str(p.abstract), proposerId, userIds },
        at: p.updated_at as Date,
      });
    }
    const versions = await this.streamVersions(wanted.map((w) => `proposal-${w.pk}`));
    return wanted.map((w) => ({
      streamId: `proposal-${w.pk}`,
      key: `proposals/${w.pk}/updated/v${versions.get(`proposal-${w.pk}`) ?? 0}/${digest(w.data)}`,
      type: 'ProposalUpdated',
      data: w.data,
      at: w.at,
      actorId: null,
      from: `uoc:proposals/${w.pk}`,
    }));
  }

  private statusChange(
    pk: number,
    from: number,
    to: number,
    workflowId: number,
    key: string,
    at: Date,
    actorId: number | null,
    changedBy: 'workflow' | 'user',
  ): Planned {
    return {
      streamId: `proposal-${pk}`,
      key,
      type: 'ProposalStatusChanged',
      data: {
        proposalPk: pk,
        statusId: to,
        previousStatusId: from,
        changedBy,
        events: [],
        connectionId: this.connections.get(workflowId)?.get(to) ?? null,
      },
      at,
      actorId,
      from: `uoc:${key.split('/').slice(0, 2).join('/')}`,
    };
  }

  /** the questionary and one TopicAnswered per topic with answers (keyed by their content: a changed step is new) */
  planQuestionary(
    q: Row,
    answers: Row[],
    complete: Row[],
    creatorId: number,
    proposalFrom: string,
  ): Planned[] {
    const questionaryId = num(q.questionary_id);
    const templateId = num(q.template_id);
    const stream = `questionary-${questionaryId}`;
    const from = `uoc:questionaries/${questionaryId}`;
    const template = this.templates.get(templateId);
    const planned: Planned[] = [
      {
        streamId: stream,
        key: `questionaries/${questionaryId}`,
        type: 'QuestionaryCreated',
        data: {
          questionaryId,
          templateId,
          creatorId: this.users.has(num(q.creator_id)) ? num(q.creator_id) : null,
        },
        at: q.created_at as Date,
        actorId: creatorId,
        from,
      },
    ];
    if (!template) {
      if (answers.length > 0)
        this.problem(
          'answers',
          `questionary_id=${questionaryId}`,
          `template ${templateId} was not imported: ${answers.length} answers left out (${proposalFrom})`,
        );
      return planned;
    }
    const byTopic = new Map<number, { questionId: string; value: unknown }[]>();
    let lastMs = -Infinity;
    for (const a of answers) {
      const questionId = str(a.question_id);
      const topicId = template.topicOf.get(questionId);
      if (topicId === undefined) {
        this.problem(
          'answers',
          `questionary_id=${questionaryId} question_id=${questionId}`,
          "the question is no longer on the questionary's template (a removed question): the answer is left out",
        );
        continue;
      }
      const value = (a.answer as { value?: unknown } | null)?.value ?? null;
      const list = byTopic.get(topicId);
      if (list) list.push({ questionId, value });
      else byTopic.set(topicId, [{ questionId, value }]);
      const ms = Number(a.created_ms);
      if (ms > lastMs) lastMs = ms;
    }
    const last = lastMs > -Infinity ? new Date(lastMs) : null;
    const completeTopics = new Set(complete.filter((c) => c.is_complete).map((c) => num(c.topic_id)));
    for (const topicId of template.topics) {
      const list = byTopic.get(topicId) ?? [];
      if (list.length === 0 && !completeTopics.has(topicId)) continue;
      const data = {
        questionaryId,
        topicId,
        answers: list,
        removedQuestionIds: [],
        isComplete: completeTopics.has(topicId),
      };
      planned.push({
        streamId: stream,
        key: `questionaries/${questionaryId}/topic/${topicId}/${digest(data)}`,
        type: 'TopicAnswered',
        data,
        at: last ?? (q.created_at as Date),
        actorId: creatorId,
        from,
      });
    }
    return planned;
  }

  /** the proposal's instruments (with their technical reviews) and the reviews' content */
  private planAssessment(pk: number, assigned: Row[], reviews: Row[], at: Date): Planned[] {
    const stream = `proposal-assessment-${pk}`;
    const from = `uoc:instrument_has_proposals/${pk}`;
    const instruments = assigned
      .filter((a) => {
        if (this.instruments.has(num(a.instrument_id))) return true;
        this.problem(
          'instrument_has_proposals',
          `proposal_pk=${pk} instrument_id=${str(a.instrument_id)}`,
          'the instrument does not exist',
        );
        return false;
      })
      .map((a) => ({ id: num(a.instrument_id), ...this.instruments.get(num(a.instrument_id))! }));
    if (instruments.length === 0) return [];
    const ids = new Set(instruments.map((i) => i.id));
    const mine = reviews.filter((r) => {
      if (ids.has(num(r.instrument_id))) return true;
      this.problem(
        'technical_review',
        `technical_review_id=${str(r.technical_review_id)}`,
        `its instrument ${str(r.instrument_id)} is not assigned to proposal ${pk}`,
      );
      return false;
    });
    const planned: Planned[] = [
      {
        streamId: stream,
        key: `instrument_has_proposals/${pk}/${digest(instruments)}`,
        type: 'ProposalInstrumentsAssigned',
        data: {
          proposalPk: pk,
          instruments,
          createdReviews: mine.map((r) => ({
            technicalReviewId: num(r.technical_review_id),
            instrumentId: num(r.instrument_id),
            technicalReviewAssigneeId: this.users.has(num(r.technical_review_assignee_id))
              ? num(r.technical_review_assignee_id)
              : null,
            questionaryId: numOrNull(r.questionary_id),
          })),
          deletedReviewIds: [],
        },
        at,
        actorId: null,
        from,
      },
    ];
    for (const r of mine) {
      const id = num(r.technical_review_id);
      const data = {
        technicalReviewId: id,
        proposalPk: pk,
        instrumentId: num(r.instrument_id),
        status: r.status === null ? null : (TECH_STATUS[num(r.status)] ?? null),
        timeAllocation: numOrNull(r.time_allocation),
        comment: strOrNull(r.comment),
        publicComment: strOrNull(r.public_comment),
        submitted: Boolean(r.submitted),
        reviewerId: this.users.has(num(r.reviewer_id)) ? num(r.reviewer_id) : null,
        files: [],
        questionaryId: numOrNull(r.questionary_id),
      };
      const f = `uoc:technical_review/${id}`;
      planned.push({
        streamId: stream,
        key: `technical_review/${id}/${digest(data)}`,
        type: 'TechnicalReviewSaved',
        data,
        at,
        actorId: data.reviewerId,
        from: f,
      });
      if (data.submitted)
        planned.push({
          streamId: stream,
          key: `technical_review/${id}/submitted`,
          type: 'TechnicalReviewSubmitted',
          data: {
            technicalReviewId: id,
            proposalPk: pk,
            instrumentId: data.instrumentId,
            status: data.status,
            reviewerId: data.reviewerId,
            allSubmitted: mine.every((x) => x.submitted),
          },
          at,
          actorId: data.reviewerId,
          from: f,
        });
    }
    return planned;
  }

  /** the id sequences the product draws from continue after UOC's ids (and each call's reference counter) */
  private async advanceSequences(): Promise<void> {
    const maxes = await this.rows<{ seq: string; m: string | number | null }>(`
      SELECT 'user_id_seq' AS seq, max(user_id) AS m FROM users
      UNION ALL SELECT 'institution_id_seq', max(institution_id) FROM institutions
      UNION ALL SELECT 'proposal_pk_seq', max(proposal_pk) FROM proposals
      UNION ALL SELECT 'questionary_id_seq', max(questionary_id) FROM questionaries
      UNION ALL SELECT 'call_id_seq', max(call_id) FROM call
      UNION ALL SELECT 'template_id_seq', max(template_id) FROM templates
      UNION ALL SELECT 'topic_id_seq', max(topic_id) FROM topics
      UNION ALL SELECT 'status_id_seq', max(status_id) FROM statuses
      UNION ALL SELECT 'workflow_id_seq', max(workflow_id) FROM workflows
      UNION ALL SELECT 'workflow_connection_id_seq', max(workflow_connection_id) FROM workflow_connections
      UNION ALL SELECT 'instrument_id_seq', max(instrument_id) FROM instruments
      UNION ALL SELECT 'technical_review_id_seq', max(technical_review_id) FROM technical_review
      UNION ALL SELECT 'call_' || call_id || '_reference_seq', max(proposal_sequence) FROM call GROUP BY call_id`);
    for (const { seq, m } of maxes) {
      if (m === null || Number(m) < 1) continue;
      await this.sql.query(`CREATE SEQUENCE IF NOT EXISTS "${seq}"`);
      await this.sql.query(
        `SELECT setval('"${seq}"', greatest($1::bigint, (SELECT last_value FROM "${seq}")))`,
        [Number(m)],
      );
    }
  }

  /** reactions (workflow engine, status actions, notifications) never act on history: they start after it */
  private async moveReactionsPastImport(): Promise<void> {
    if (this.reactions.length === 0) return;
    await this.sql.query(
      `UPDATE projection_checkpoints SET position = h.p, updated_at = now()
         FROM (SELECT coalesce(max(position), 0) AS p FROM events) h
        WHERE name = ANY($1::text[]) AND position < h.p`,
      [[...this.reactions]],
    );
  }

  /**
   * The problems found so far and not yet kept, into `uoc_import_problems`: before each checkpoint, so a run killed
   * after it leaves the problems of the rows it will not read again.
   */
  async keepProblems(): Promise<void> {
    const fresh = [...this.problems].filter(([k]) => !this.kept.has(k));
    if (fresh.length === 0) return;
    await this.sql.query(
      `INSERT INTO uoc_import_problems (kind, source_row, reason)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING`,
      [fresh.map(([, p]) => p.kind), fresh.map(([, p]) => p.sourceRow), fresh.map(([, p]) => p.reason)],
    );
    for (const [k] of fresh) this.kept.add(k);
  }

  /**
   * The problems kept, and, until a run has completed into this store (a killed run's rows before its checkpoints
   * are not read again), those the earlier runs kept: the report lists the whole first pass's.
   */
  private async recordProblems(): Promise<void> {
    await this.keepProblems();
    if (!this.resumed) return;
    const { rows } = await this.sql.query<{ kind: string; source_row: string; reason: string }>(
      'SELECT kind, source_row, reason FROM uoc_import_problems ORDER BY first_seen, kind, source_row',
    );
    for (const r of rows) this.problem(r.kind, r.source_row, r.reason);
  }
}
