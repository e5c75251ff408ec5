import { Injectable } from '@nestjs/common';
import {
  SHIPMENT_CREATED,
  SHIPMENT_DELETED,
  SHIPMENT_EVENT_TYPES,
  SHIPMENT_RECEIVED,
  SHIPMENT_SAMPLES_SET,
  SHIPMENT_SUBMITTED,
  SHIPMENT_UPDATED,
  ShipmentStatus,
  type ShipmentEvent,
} from '@user-office/contracts';
import type { SqlExecutor } from '../../../../platform/database/sql-client';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { RegisterProjection } from '../../../../platform/projections/register-projection.decorator';

export const SHIPMENTS_PROJECTION = 'shipments';

/** Shipments and their samples; inline, so each mutation returns what it saved and the lock reads it at once. */
@Injectable()
@RegisterProjection()
export class ShipmentsProjection implements Projection {
  readonly name = SHIPMENTS_PROJECTION;
  readonly version = 1;
  readonly mode = 'inline' as const;
  readonly eventTypes = [...SHIPMENT_EVENT_TYPES];
  readonly tables = [
    {
      name: 'shipments',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          shipment_id integer PRIMARY KEY,
          title text NOT NULL,
          proposal_pk integer NOT NULL,
          experiment_pk integer,
          questionary_id integer NOT NULL,
          status text NOT NULL,
          sample_ids jsonb NOT NULL DEFAULT '[]',
          creator_id integer,
          received_at timestamptz,
          created_at timestamptz NOT NULL,
          updated_at timestamptz NOT NULL,
          deleted boolean NOT NULL DEFAULT false
        )`,
        `CREATE INDEX ON ${t} (proposal_pk) WHERE NOT deleted`,
        `CREATE INDEX ON ${t} (questionary_id)`,
      ],
    },
  ];

  async apply(tx: SqlExecutor, event: StoredEvent, tables: Readonly<Record<string, string>>): Promise<void> {
    const shipments = tables.shipments;
    const when = event.createdAt.toISOString();
    const e = event as unknown as ShipmentEvent;
    const set = (assignments: string, values: unknown[]) =>
      tx.query(`UPDATE ${shipments} SET ${assignments}, updated_at = $2 WHERE shipment_id = $1`, [
        e.data.shipmentId,
        when,
        ...values,
      ]);
    switch (e.type) {
      case SHIPMENT_CREATED: {
        const d = e.data;
        await tx.query(
          `INSERT INTO ${shipments} (shipment_id, title, proposal_pk, experiment_pk, questionary_id, status, creator_id,
             created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) ON CONFLICT (shipment_id) DO NOTHING`,
          [
            d.shipmentId,
            d.title,
            d.proposalPk,
            d.experimentPk,
            d.questionaryId,
            ShipmentStatus.DRAFT,
            d.creatorId,
            when,
          ],
        );
        return;
      }
      case SHIPMENT_UPDATED:
        return void (await set('title = $3', [e.data.title]));
      case SHIPMENT_SAMPLES_SET:
        return void (await set('sample_ids = $3', [JSON.stringify(e.data.sampleIds)]));
      case SHIPMENT_SUBMITTED:
        return void (await set('status = $3', [ShipmentStatus.SUBMITTED]));
      case SHIPMENT_RECEIVED:
        return void (await set('received_at = $3', [when]));
      case SHIPMENT_DELETED:
        return void (await set('deleted = true', []));
      default:
        return;
    }
  }
}
