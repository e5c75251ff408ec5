import { Typography } from '@mui/material';

export function ProposalCreate() {
  return (
    <Typography component="h1" variant="h5">
      ProposalCreate
    </Typography>
  );
}
