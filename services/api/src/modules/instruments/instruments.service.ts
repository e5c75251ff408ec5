import { Injectable } from '@nestjs/common';
import { Role } from '@user-office/contracts';
import { CallsRepository } from '../calls';
import { UsersService } from '../users';
import type { ScientistCandidate } from './domain/instruments.errors';

/** What the instrument and technique commands need to know from other modules (users, calls). */
@Injectable()
export class InstrumentsService {
  constructor(
    private readonly users: UsersService,
    private readonly calls: CallsRepository,
  ) {}

  /** Each id as found among the users: whether they exist and hold the INSTRUMENT_SCIENTIST role. */
  async scientistCandidates(ids: readonly number[]): Promise<ScientistCandidate[]> {
    const found = new Map((await this.users.byIds(ids)).map((u) => [u.id, u]));
    return ids.map((id) => {
      const user = found.get(id);
      return { id, exists: !!user, isScientist: !!user?.roles.includes(Role.INSTRUMENT_SCIENTIST) };
    });
  }

  async userExists(id: number | null): Promise<boolean> {
    return id !== null && (await this.users.byId(id)) !== null;
  }

  async callExists(callId: number): Promise<boolean> {
    return (await this.calls.call(callId)) !== null;
  }
}
