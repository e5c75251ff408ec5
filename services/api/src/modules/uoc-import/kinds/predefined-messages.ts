import {
  PREDEFINED_MESSAGE_CREATED,
  PREDEFINED_MESSAGE_UPDATED,
  PredefinedMessageKey,
  predefinedMessageStreamId,
  type PredefinedMessageCreatedData,
} from '@user-office/contracts';
import { digest, num, numOrNull, str, type ImportKind, type Planned } from '../import-context';
import { advanceSequence, maxOf } from './advance-sequence';

const KEYS = new Set<string>(Object.values(PredefinedMessageKey));

/**
 * UOC `predefined_messages` → `PredefinedMessageCreated` (UOC's id, `last_modified_by` as the actor,
 * `date_modified` as the time); one changed in the source since a previous run → `PredefinedMessageUpdated`.
 */
export const predefinedMessagesKind: ImportKind = {
  name: 'predefined messages',
  async run(ctx) {
    const current = new Map(
      (
        await ctx.sql.query<{ id: number; title: string; message: string; key: string }>(
          'SELECT id, title, message, key FROM predefined_messages',
        )
      ).rows.map((r) => [Number(r.id), r]),
    );
    const rows = await ctx.rows(
      'SELECT predefined_message_id, title, key, message, date_modified, last_modified_by FROM predefined_messages ORDER BY 1',
    );
    const planned: Planned[] = [];
    for (const r of rows) {
      const id = num(r.predefined_message_id);
      const key = str(r.key);
      if (!KEYS.has(key)) {
        ctx.problem('predefined_messages', `predefined_message_id=${id}`, `unknown key ${key}: not imported`);
        continue;
      }
      const data: PredefinedMessageCreatedData = {
        id,
        title: str(r.title),
        message: str(r.message),
        key: key as PredefinedMessageKey,
      };
      const now = current.get(id);
      if (now && now.title === data.title && now.message === data.message && now.key === data.key) continue;
      const actor = numOrNull(r.last_modified_by);
      planned.push({
        streamId: predefinedMessageStreamId(id),
        key: now ? `predefined_messages/${id}/${digest([now, data])}` : `predefined_messages/${id}`,
        type: now ? PREDEFINED_MESSAGE_UPDATED : PREDEFINED_MESSAGE_CREATED,
        data,
        at: r.date_modified as Date,
        actorId: actor,
        from: `uoc:predefined_messages/${id}`,
      });
    }
    ctx.count('predefined messages', rows.length, await ctx.write('predefined messages', planned));
    await advanceSequence(ctx, 'predefined_message_id_seq', maxOf(rows, 'predefined_message_id'));
  },
};
