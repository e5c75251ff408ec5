import { conflict, notFound } from '../../../platform/errors/app-error';

export const predefinedMessageNotFound = () => notFound('Predefined message not found');

export const predefinedMessageExists = (id: number) => conflict(`Predefined message ${id} already exists`);
