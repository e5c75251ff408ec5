import Download from '@mui/icons-material/Download';
import Inventory from '@mui/icons-material/Inventory';
import { useDownloads } from '@user-office/frontend-shared/downloads';
import { useTranslation } from 'react-i18next';
import { ActionIconButton } from '../../../components/ActionIconButton';
import { useRowCommand } from '../../../components/use-row-command';
import { labelPath, shipmentCommands, type ShipmentRecord } from '../shipments.operations';

/**
 * A shipment's commands, in its row and on its page: download its label (submitted shipments) and mark it received
 * (confirmed; a submitted shipment not yet received). `onDone` runs after the command (the list refreshes itself).
 */
export function ShipmentActions({ shipment, onDone }: { shipment: ShipmentRecord; onDone?(): void }) {
  const { t } = useTranslation();
  const { download } = useDownloads();
  const { confirmThenRun, confirmDialog } = useRowCommand();
  const submitted = shipment.status === 'SUBMITTED';
  const title = shipment.title;
  return (
    <>
      <ActionIconButton
        label={t('console.shipments.download', { title })}
        icon={<Download fontSize="small" />}
        disabled={!submitted}
        onClick={() => void download(labelPath(shipment.id), title)}
      />
      <ActionIconButton
        label={
          shipment.receivedAt
            ? t('console.shipments.alreadyReceived', { date: shipment.receivedAt.slice(0, 10) })
            : submitted
              ? t('console.shipments.markReceived', { title })
              : t('console.shipments.notReceivable')
        }
        icon={<Inventory fontSize="small" />}
        disabled={!submitted || Boolean(shipment.receivedAt)}
        onClick={() =>
          void confirmThenRun(
            t('console.shipments.markReceivedConfirm', { title }),
            async () => {
              await shipmentCommands.markReceived(shipment.id);
              onDone?.();
            },
            t('console.shipments.markedReceived'),
          )
        }
      />
      {confirmDialog}
    </>
  );
}
