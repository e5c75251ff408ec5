import { Controller, Get, Param, ParseIntPipe, Query, Res } from '@nestjs/common';
import { Role } from '@user-office/contracts';
import type { Response } from 'express';
import { AccessRegistry } from '../../../../platform/auth/access-registry';
import { RolesAllowed } from '../../../../platform/auth/policy.decorators';
import { badInput } from '../../../../platform/errors/app-error';
import { setDownloadHeaders } from '../../../downloads';
import { changesCsv } from '../../domain/changes-csv';
import { storeInstant } from '../../../../platform/validation/instant';
import { ProposalHistory } from './proposal-history.service';

const instant = (value: string | undefined, name: string): Date =>
  storeInstant(value ? new Date(value) : new Date(NaN), `${name} must be an ISO date-time`);

/** `/download/csv/proposal-changes/{proposalPk}?from=…&to=…` (officers): the changes list for an audit file. */
@Controller('download/csv')
export class ProposalChangesCsvController {
  constructor(
    private readonly history: ProposalHistory,
    private readonly access: AccessRegistry,
  ) {}

  @Get('proposal-changes/:proposalPk')
  @RolesAllowed(Role.USER_OFFICER)
  async changes(
    @Param('proposalPk', ParseIntPipe) proposalPk: number,
    @Query('from') fromText: string | undefined,
    @Query('to') toText: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const from = instant(fromText, 'from');
    const to = instant(toText, 'to');
    if (to.getTime() < from.getTime()) throw badInput('The end of the period is before its start');
    const changes = await this.history.changes(proposalPk, from, to);
    const ids = [
      ...new Set(
        changes.flatMap((c) => [c.changedById, c.impersonatedById]).filter((id): id is number => id !== null),
      ),
    ];
    const names =
      ids.length > 0 ? await this.access.userDirectory.displayNames(ids) : new Map<number, string>();
    const csv = changesCsv(changes, names);
    setDownloadHeaders(res, `proposal-${proposalPk}-changes.csv`, 'text/csv; charset=utf-8');
    res.send(csv);
  }
}
