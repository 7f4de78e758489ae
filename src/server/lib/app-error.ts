import { ERROR_CODES } from '../../core/errors.ts';

/** A domain error with an HTTP status and a message safe to show to the user. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'That item') => new AppError(ERROR_CODES.notFound, 404, `${what} was not found.`);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(ERROR_CODES.validation, 400, message, fields);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError(ERROR_CODES.conflict, 409, message, fields);
export const forbidden = (message = 'You are not allowed to do that.') => new AppError(ERROR_CODES.forbidden, 403, message);
