import type { SqlClient, SqlExecutor } from '../../../../platform/database/sql-client';
import type { TemplatesRepository } from '../../../templates';
import { QuestionariesRepository } from './questionaries.repository';

const row = {
  questionary_id: 7,
  template_id: 3,
  creator_id: 5,
  created_at: new Date(0),
  group_id: 'PROPOSAL',
};

function repository(rows: Record<number, typeof row>) {
  const query = jest.fn(async (_text: string, params: unknown[]) => ({
    rows: rows[params[0] as number] ? [rows[params[0] as number]] : [],
  }));
  const sql = { query } as unknown as SqlClient;
  return { repo: new QuestionariesRepository(sql, {} as TemplatesRepository), query };
}

describe('QuestionariesRepository.record', () => {
  it('reads a questionary once: its record never changes', async () => {
    const { repo, query } = repository({ 7: row });
    const first = await repo.record(7);
    const second = await repo.record(7);
    expect(second).toEqual(first);
    expect(second).toEqual({
      questionaryId: 7,
      templateId: 3,
      creatorId: 5,
      created: new Date(0),
      groupId: 'PROPOSAL',
    });
    expect(query).toHaveBeenCalledTimes(1);
    // a caller changing its copy changes nobody else's
    second!.creatorId = 99;
    expect((await repo.record(7))!.creatorId).toBe(5);
  });

  it('keeps no missing questionary, and reads in a transaction from it', async () => {
    const rows: Record<number, typeof row> = {};
    const { repo, query } = repository(rows);
    expect(await repo.record(7)).toBeNull();
    rows[7] = row; // created since
    expect(await repo.record(7)).not.toBeNull();
    const tx = { query: jest.fn(async () => ({ rows: [row] })) } as unknown as SqlExecutor;
    await repo.record(7, tx);
    await repo.record(7, tx);
    expect(query).toHaveBeenCalledTimes(2);
    expect(tx.query).toHaveBeenCalledTimes(2);
  });
});
