import { registerEnumType } from '@nestjs/graphql';
import { GRAPHQL_ENUMS } from '@user-office/contracts';

/** The §3 enumerations of contracts/ as GraphQL enums (same names and values as in TypeScript). */
for (const [name, enumRef] of Object.entries(GRAPHQL_ENUMS)) {
  registerEnumType(enumRef, { name });
}
