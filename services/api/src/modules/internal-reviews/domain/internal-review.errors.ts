import { internalReviewMessages, technicalReviewRuleMessages } from '@user-office/contracts';
import { conflict, notFound } from '../../../platform/errors/app-error';

export const internalReviewNotFound = () => notFound(internalReviewMessages.notFound);

export const internalReviewExists = (id: number) => conflict(`Internal review ${id} already exists`);

export const technicalReviewNotFound = () => notFound(technicalReviewRuleMessages.notFound);
