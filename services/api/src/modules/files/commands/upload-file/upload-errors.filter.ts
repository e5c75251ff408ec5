import {
  Catch,
  HttpException,
  HttpStatus,
  Inject,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import { fileMessages } from '@user-office/contracts';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config';

/**
 * The multipart parser's refusals (Nest's HTTP exceptions from multer) in the body shape of the app's errors:
 * a file over MAX_UPLOAD_BYTES is 413 with the limit in words; a malformed form, a second file or a file in
 * another field is 400.
 */
@Catch(HttpException)
export class UploadErrorsFilter implements ExceptionFilter {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  catch(error: HttpException, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const status = error.getStatus();
    if (status === Number(HttpStatus.PAYLOAD_TOO_LARGE)) {
      res.status(status).json({
        message: fileMessages.tooLarge(this.config.maxUploadBytes),
        code: 'PAYLOAD_TOO_LARGE',
      });
      return;
    }
    res.status(status).json({
      message: error.message,
      code: status === Number(HttpStatus.BAD_REQUEST) ? 'BAD_USER_INPUT' : 'HTTP_ERROR',
    });
  }
}
