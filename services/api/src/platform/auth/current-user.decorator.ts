import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { requestOf } from './access.guard';
import type { SessionUser } from './session';

/** The verified session user of the request (null when anonymous on a public operation). */
export const CurrentUser = createParamDecorator(
  (_: unknown, context: ExecutionContext): SessionUser | null => requestOf(context).user ?? null,
);
