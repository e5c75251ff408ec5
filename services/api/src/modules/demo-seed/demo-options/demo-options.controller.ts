import { Controller, Get } from '@nestjs/common';
import { Public } from '../../../platform/auth/policy.decorators';
import { DEMO_OPTIONS, DEMO_OPTIONS_PATH } from '../domain/demo-content';

/**
 * The options of the demo's dynamic multiple-choice question, served by the api itself so that the demo works
 * without internet access (the question's URL is PUBLIC_URL + /demo/options.json).
 */
@Controller()
export class DemoOptionsController {
  @Get(DEMO_OPTIONS_PATH)
  @Public()
  options(): typeof DEMO_OPTIONS {
    return DEMO_OPTIONS;
  }
}
