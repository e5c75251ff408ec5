import { Typography } from '@mui/material';

export function ProposalSelectType() {
  return (
    <Typography component="h1" variant="h5">
      ProposalSelectType
    </Typography>
  );
}
