import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { Authenticated } from '../../../../platform/auth/policy.decorators';
import { CallModel, CallsFilterInput, CallSubmissionDetailsModel } from './call.model';
import { CallsRepository } from './calls.repository';

/** The default text shown on submission when the call sets none (§8 "Success messages"). */
export const DEFAULT_SUBMISSION_MESSAGE =
  'Your proposal has been submitted successfully. You will receive a confirmation email soon.';

@Resolver()
export class GetCallsResolver {
  constructor(private readonly repository: CallsRepository) {}

  @Query(() => [CallModel], {
    description: 'Calls by open / internally open / ended / review ended, template, ids',
  })
  @Authenticated()
  getCalls(
    @Args('filter', { type: () => CallsFilterInput, nullable: true }) filter?: CallsFilterInput,
  ): Promise<CallModel[]> {
    return this.repository.calls(filter ?? {});
  }

  @Query(() => [CallModel], {
    description: 'The same list as getCalls, for pickers (ask only the fields needed)',
  })
  @Authenticated()
  getCallsMinimal(
    @Args('filter', { type: () => CallsFilterInput, nullable: true }) filter?: CallsFilterInput,
  ): Promise<CallModel[]> {
    return this.repository.calls(filter ?? {});
  }

  @Query(() => CallModel, { nullable: true })
  @Authenticated()
  getCall(@Args('callId', { type: () => Int }) callId: number): Promise<CallModel | null> {
    return this.repository.call(callId);
  }

  @Query(() => CallSubmissionDetailsModel, { nullable: true })
  @Authenticated()
  async getCallSubmissionDetails(
    @Args('callId', { type: () => Int }) callId: number,
  ): Promise<CallSubmissionDetailsModel | null> {
    const call = await this.repository.call(callId);
    if (!call) return null;
    return {
      callId: call.id,
      shortCode: call.shortCode,
      submissionMessage: call.submissionMessage || DEFAULT_SUBMISSION_MESSAGE,
      isActive: call.isActive,
      isActiveInternal: call.isActiveInternal,
      endCall: call.endCall,
    };
  }
}
