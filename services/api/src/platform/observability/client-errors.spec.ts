import { BadRequestException, NotFoundException } from '@nestjs/common';
import { clientErrorStatus } from '../errors/app-error.filter';
import { accessLogLevel } from './logger';

describe('client errors are warnings, faults are errors', () => {
  it('logs a 4xx answer at warn and a 5xx answer at error', () => {
    expect(accessLogLevel(200)).toBe('info');
    for (const status of [400, 401, 403, 404, 413]) expect(accessLogLevel(status)).toBe('warn');
    expect(accessLogLevel(500)).toBe('error');
    expect(accessLogLevel(503)).toBe('error');
  });

  it("recognises the HTTP layer's client errors (a body too large, broken JSON), not faults", () => {
    const tooLarge = Object.assign(new Error('request entity too large'), { statusCode: 413, status: 413 });
    expect(clientErrorStatus(tooLarge)).toBe(413);
    expect(clientErrorStatus(new BadRequestException('Unexpected end of JSON input'))).toBe(400);
    expect(clientErrorStatus(new NotFoundException())).toBe(404);
    expect(clientErrorStatus(new Error('relation "x" does not exist'))).toBeNull();
    expect(clientErrorStatus(Object.assign(new Error('down'), { status: 503 }))).toBeNull();
  });
});
