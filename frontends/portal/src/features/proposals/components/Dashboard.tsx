import { Typography } from '@mui/material';

export function Dashboard() {
  return (
    <Typography component="h1" variant="h5">
      Dashboard
    </Typography>
  );
}
