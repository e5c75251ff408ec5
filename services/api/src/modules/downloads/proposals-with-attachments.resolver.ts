import { Args, Field, InputType, Int, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { DataType } from '@user-office/contracts';
import { CurrentUser } from '../../platform/auth/current-user.decorator';
import { Authenticated } from '../../platform/auth/policy.decorators';
import type { SessionUser } from '../../platform/auth/session';
import { badInput } from '../../platform/errors/app-error';
import { FilesService } from '../files';
import { ProposalReaders, ProposalsRepository } from '../proposals';
import { QuestionariesRepository } from '../questionaries';

/** the most reference numbers one call asks for (the staff table's select-all prefetches 200 at a time) */
export const MAX_ATTACHMENT_REFERENCE_NUMBERS = 1000;
export const tooManyReferenceNumbers = `Ask for at most ${MAX_ATTACHMENT_REFERENCE_NUMBERS} reference numbers at once`;

@InputType('ProposalsWithAttachmentsFilter')
export class ProposalsWithAttachmentsFilterInput {
  @Field(() => [String], { nullable: true, description: 'proposal reference numbers (proposalId)' })
  referenceNumbers?: string[] | null;
}

@ObjectType('ProposalAttachmentQuestion', { description: 'A file-upload question answered with files' })
export class ProposalAttachmentQuestionModel {
  @Field()
  id!: string;
  @Field({ description: 'the question text' })
  question!: string;
}

@ObjectType('ProposalAttachmentFile', { description: 'One file attached to a proposal through a question' })
export class ProposalAttachmentFileModel {
  @Field()
  fileId!: string;
  @Field()
  questionId!: string;
  @Field()
  fileName!: string;
  @Field()
  mimeType!: string;
}

@ObjectType('ProposalAttachments')
export class ProposalAttachmentsModel {
  @Field(() => [ProposalAttachmentQuestionModel], {
    description: 'the questions with files, in questionary order (the download dialog picks from them)',
  })
  questions!: ProposalAttachmentQuestionModel[];
  @Field(() => [ProposalAttachmentFileModel])
  files!: ProposalAttachmentFileModel[];
}

@ObjectType('ProposalWithAttachments')
export class ProposalWithAttachmentsModel {
  @Field(() => Int)
  primaryKey!: number;
  @Field()
  proposalId!: string;
  @Field()
  title!: string;
  @Field(() => ProposalAttachmentsModel)
  attachments!: ProposalAttachmentsModel;
}

interface FileItem {
  id: string;
}
const isFileItem = (item: unknown): item is FileItem =>
  typeof item === 'object' && item !== null && typeof (item as FileItem).id === 'string';

/**
 * `getProposalsWithAttachments(filter referenceNumbers)` (§7): for the download of attachments through a question
 * picker (§2 staff table), the proposals with those reference numbers that the caller may read (a list filters,
 * it does not refuse: the proposals' read rule), each with its file-upload questions answered with files and the
 * files themselves.
 */
@Resolver()
export class ProposalsWithAttachmentsResolver {
  constructor(
    private readonly readers: ProposalReaders,
    private readonly repository: ProposalsRepository,
    private readonly questionaries: QuestionariesRepository,
    private readonly files: FilesService,
  ) {}

  @Query(() => [ProposalWithAttachmentsModel], {
    description:
      'The proposals of these reference numbers the caller may read, with the questions their files answer ' +
      `(at most ${MAX_ATTACHMENT_REFERENCE_NUMBERS} reference numbers)`,
  })
  @Authenticated()
  async getProposalsWithAttachments(
    @CurrentUser() session: SessionUser,
    @Args('filter', { type: () => ProposalsWithAttachmentsFilterInput, nullable: true })
    filter: ProposalsWithAttachmentsFilterInput | null,
  ): Promise<ProposalWithAttachmentsModel[]> {
    const referenceNumbers = [...new Set((filter?.referenceNumbers ?? []).map((r) => r.trim()))].filter(
      (r) => r !== '',
    );
    if (referenceNumbers.length > MAX_ATTACHMENT_REFERENCE_NUMBERS)
      throw badInput(tooManyReferenceNumbers, { 'filter.referenceNumbers': tooManyReferenceNumbers });
    const found = await this.repository.byReferenceNumbers(referenceNumbers);
    const readable = await this.readers.filter(session, found, (proposal) => proposal.primaryKey);
    const out: ProposalWithAttachmentsModel[] = [];
    for (const proposal of readable) {
      const questionary = await this.questionaries.questionary(proposal.questionaryId);
      const answered = (questionary?.steps ?? []).flatMap((step) =>
        step.fields
          .filter((f) => f.question.dataType === DataType.FILE_UPLOAD && Array.isArray(f.value))
          .map((f) => ({
            question: { id: f.question.id, question: f.question.question },
            fileIds: (f.value as unknown[]).filter(isFileItem).map((item) => item.id),
          }))
          .filter((a) => a.fileIds.length > 0),
      );
      const metadata = new Map(
        (await this.files.metadata(answered.flatMap((a) => a.fileIds))).map((m) => [m.fileId, m]),
      );
      const files = answered.flatMap((a) =>
        a.fileIds.flatMap((fileId) => {
          const file = metadata.get(fileId);
          return file
            ? [
                {
                  fileId,
                  questionId: a.question.id,
                  fileName: file.originalFileName,
                  mimeType: file.mimeType,
                },
              ]
            : [];
        }),
      );
      const withFiles = new Set(files.map((f) => f.questionId));
      out.push({
        primaryKey: proposal.primaryKey,
        proposalId: proposal.proposalId,
        title: proposal.title,
        attachments: { questions: answered.map((a) => a.question).filter((q) => withFiles.has(q.id)), files },
      });
    }
    return out;
  }
}
