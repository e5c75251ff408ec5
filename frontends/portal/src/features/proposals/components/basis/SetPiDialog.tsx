import { useId } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItemButton,
  ListItemText,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { userName, type ProposalUser } from '../../lib/proposal-model';

/** "Set Principal Investigator": one of the proposal's members becomes PI. */
export function SetPiDialog({
  open,
  members,
  currentId,
  onChoose,
  onClose,
}: {
  open: boolean;
  members: ProposalUser[];
  currentId: number | null;
  onChoose(user: ProposalUser): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const others = members.filter((m) => m.id !== currentId);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="xs">
      <DialogTitle id={`${id}-title`}>{t('proposals.setPi.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {others.length > 0 ? t('proposals.setPi.intro') : t('proposals.setPi.addOthers')}
        </DialogContentText>
        <List aria-label={t('proposals.setPi.title')}>
          {members.map((member) => (
            <ListItemButton
              key={member.id}
              selected={member.id === currentId}
              disabled={member.id === currentId}
              aria-label={t('proposals.setPi.choose', { name: userName(member) })}
              onClick={() => onChoose(member)}
            >
              <ListItemText
                primary={userName(member)}
                secondary={member.id === currentId ? t('proposals.setPi.current') : member.position}
              />
            </ListItemButton>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('confirm.no')}</Button>
      </DialogActions>
    </Dialog>
  );
}
