import { Typography } from '@mui/material';

export function ProposalEdit() {
  return (
    <Typography component="h1" variant="h5">
      ProposalEdit
    </Typography>
  );
}
