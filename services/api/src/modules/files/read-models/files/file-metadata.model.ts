import { Field, GraphQLISODateTime, InputType, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('FileMetadata', { description: 'An uploaded file (§3 File metadata)' })
export class FileMetadataModel {
  @Field({ description: 'a UUID; the download is GET /files/download/{fileId}' })
  fileId!: string;

  @Field({ description: "the name on the uploader's computer" })
  originalFileName!: string;

  @Field({ description: 'detected from the content where possible' })
  mimeType!: string;

  @Field(() => Int)
  sizeInBytes!: number;

  @Field(() => GraphQLISODateTime, { description: 'when it was uploaded' })
  createdDate!: Date;
}

@InputType('FilesMetadataFilter')
export class FilesMetadataFilterInput {
  @Field(() => [String], {
    description: 'the files wanted; those unknown or not visible to the caller are left out',
  })
  fileIds!: string[];
}
