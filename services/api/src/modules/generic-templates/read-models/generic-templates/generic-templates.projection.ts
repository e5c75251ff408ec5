import { Injectable } from '@nestjs/common';
import {
  GENERIC_TEMPLATE_CREATED,
  GENERIC_TEMPLATE_DELETED,
  GENERIC_TEMPLATE_UPDATED,
  type GenericTemplateEvent,
} from '@user-office/contracts';
import type { SqlExecutor } from '../../../../platform/database/sql-client';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { RegisterProjection } from '../../../../platform/projections/register-projection.decorator';

export const GENERIC_TEMPLATES_PROJECTION = 'generic-templates';

/** Sub-template items by proposal and question (deleted ones kept, flagged); inline. */
@Injectable()
@RegisterProjection()
export class GenericTemplatesProjection implements Projection {
  readonly name = GENERIC_TEMPLATES_PROJECTION;
  readonly version = 1;
  readonly mode = 'inline' as const;
  readonly eventTypes = [GENERIC_TEMPLATE_CREATED, GENERIC_TEMPLATE_UPDATED, GENERIC_TEMPLATE_DELETED];
  readonly tables = [
    {
      name: 'generic_templates',
      ddl: (t: string) => [
        `CREATE TABLE ${t} (
          generic_template_id integer PRIMARY KEY,
          title text NOT NULL,
          creator_id integer NOT NULL,
          proposal_pk integer NOT NULL,
          question_id text NOT NULL,
          template_id integer NOT NULL,
          questionary_id integer NOT NULL,
          created timestamptz NOT NULL,
          deleted boolean NOT NULL DEFAULT false
        )`,
        `CREATE INDEX ${t}_proposal ON ${t} (proposal_pk, question_id)`,
        `CREATE INDEX ${t}_template ON ${t} (template_id)`,
        `CREATE UNIQUE INDEX ${t}_questionary ON ${t} (questionary_id)`,
      ],
    },
  ];

  async apply(tx: SqlExecutor, event: StoredEvent, tables: Readonly<Record<string, string>>): Promise<void> {
    const t = tables.generic_templates;
    const e = event as unknown as GenericTemplateEvent;
    switch (e.type) {
      case GENERIC_TEMPLATE_CREATED: {
        const d = e.data;
        await tx.query(
          `INSERT INTO ${t} (generic_template_id, title, creator_id, proposal_pk, question_id, template_id, questionary_id, created)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [
            d.genericTemplateId,
            d.title,
            d.creatorId,
            d.proposalPk,
            d.questionId,
            d.templateId,
            d.questionaryId,
            event.createdAt,
          ],
        );
        return;
      }
      case GENERIC_TEMPLATE_UPDATED:
        await tx.query(`UPDATE ${t} SET title = $2 WHERE generic_template_id = $1`, [
          e.data.genericTemplateId,
          e.data.title,
        ]);
        return;
      case GENERIC_TEMPLATE_DELETED:
        await tx.query(`UPDATE ${t} SET deleted = true WHERE generic_template_id = $1`, [
          e.data.genericTemplateId,
        ]);
        return;
    }
  }
}
