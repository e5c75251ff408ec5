import { SetMetadata } from '@nestjs/common';

export const PROJECTION_KEY = 'uo:projection';

/** Marks a provider implementing `Projection`: the runner discovers it (inline or async by its `mode`). */
export const RegisterProjection = () => SetMetadata(PROJECTION_KEY, true);
