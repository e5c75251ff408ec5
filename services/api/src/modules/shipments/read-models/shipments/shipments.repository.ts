import { Inject, Injectable } from '@nestjs/common';
import type { ShipmentStatus } from '@user-office/contracts';
import type { SqlClient } from '../../../../platform/database/sql-client';
import { SQL_CLIENT } from '../../../../platform/tokens';
import type { ShipmentModel } from './shipment.model';

interface ShipmentRow {
  shipment_id: number;
  title: string;
  proposal_pk: number;
  experiment_pk: number | null;
  questionary_id: number;
  status: ShipmentStatus;
  sample_ids: number[] | string;
  creator_id: number | null;
  received_at: Date | null;
  created_at: Date;
}

const toShipment = (r: ShipmentRow): ShipmentModel => ({
  id: Number(r.shipment_id),
  title: r.title,
  proposalPk: Number(r.proposal_pk),
  experimentPk: r.experiment_pk === null ? null : Number(r.experiment_pk),
  questionaryId: Number(r.questionary_id),
  status: r.status,
  externalRef: null,
  sampleIds: (typeof r.sample_ids === 'string' ? (JSON.parse(r.sample_ids) as number[]) : r.sample_ids).map(
    Number,
  ),
  creatorId: r.creator_id === null ? null : Number(r.creator_id),
  receivedAt: r.received_at ? new Date(r.received_at) : null,
  created: new Date(r.created_at),
});

/** The shipments read model (all SQL that reads it). */
@Injectable()
export class ShipmentsRepository {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async get(shipmentId: number): Promise<ShipmentModel | null> {
    const { rows } = await this.sql.query<ShipmentRow>(
      `SELECT * FROM shipments WHERE shipment_id = $1 AND NOT deleted`,
      [shipmentId],
    );
    return rows[0] ? toShipment(rows[0]) : null;
  }

  async byQuestionaryId(questionaryId: number): Promise<ShipmentModel | null> {
    const { rows } = await this.sql.query<ShipmentRow>(
      `SELECT * FROM shipments WHERE questionary_id = $1 AND NOT deleted`,
      [questionaryId],
    );
    return rows[0] ? toShipment(rows[0]) : null;
  }

  /** Live shipments by filter, newest first; `proposalPks` null: every proposal (officers). */
  async list(
    filter: { proposalPk?: number | null; experimentPk?: number | null; status?: ShipmentStatus | null },
    proposalPks: readonly number[] | null,
  ): Promise<ShipmentModel[]> {
    const where = ['NOT deleted'];
    const params: unknown[] = [];
    if (filter.proposalPk) where.push(`proposal_pk = $${params.push(filter.proposalPk)}`);
    if (filter.experimentPk) where.push(`experiment_pk = $${params.push(filter.experimentPk)}`);
    if (filter.status) where.push(`status = $${params.push(filter.status)}`);
    if (proposalPks !== null) where.push(`proposal_pk = ANY($${params.push(proposalPks)}::int[])`);
    const { rows } = await this.sql.query<ShipmentRow>(
      `SELECT * FROM shipments WHERE ${where.join(' AND ')} ORDER BY shipment_id DESC`,
      params,
    );
    return rows.map(toShipment);
  }
}
