// Typed HTTP errors thrown by services, and the one error handler that writes the contract's Error shape
// ({ message, code?, errors? }, a closed schema) and never a stack.
import type { ErrorRequestHandler } from 'express';
import type { components, DealRefusal, ErrorCode } from '@recell/api';
import type { Logger } from 'pino';
import { redactUrl } from './redact';

type ErrorBody = components['schemas']['Error'];
type Problem = NonNullable<ErrorBody['errors']>[number];

export interface HttpErrorOptions {
  /** The contract's machine-readable reason. */
  code?: ErrorCode;
  /** Per-field problems, for a 400. */
  errors?: Problem[];
  /** Facts of one kind of refusal (the deal's attempts left). */
  details?: ErrorBody['details'];
}

export class HttpError extends Error {
  readonly code?: ErrorCode;
  readonly errors?: Problem[];
  readonly details?: ErrorBody['details'];

  constructor(
    readonly status: number,
    message: string,
    options: HttpErrorOptions = {},
  ) {
    super(message);
    this.code = options.code;
    this.errors = options.errors;
    this.details = options.details;
  }
}

/** A refusal of the deal's rulebook (`@recell/api` dealRefusals), thrown as it reads. */
export function refuse({ status, message, code, details }: DealRefusal): never {
  throw new HttpError(status, message, { code, details });
}

export const notFound = (): never => {
  throw new HttpError(404, 'Not found');
};
export const forbidden = (message = 'Forbidden'): never => {
  throw new HttpError(403, message);
};
export const unauthorized = (): never => {
  throw new HttpError(401, 'Please sign in again');
};
export const conflict = (message: string, code?: ErrorCode): never => {
  throw new HttpError(409, message, { code });
};

/** Errors from express-openapi-validator and body-parser carry `status` and, for validation, `errors`. */
interface StatusError {
  status?: unknown;
  statusCode?: unknown;
  type?: unknown;
  message?: unknown;
  errors?: unknown;
}

/** How ajv words a field that breaks the contract's PlainText pattern (its character class starts at NUL). */
const PLAIN_TEXT_BROKEN = /^must match pattern "\^\[\^\\u0000-/;

/** The same, in words for the person who sent it. */
export const CONTROL_CHARACTER =
  'has a control character (such as NUL or a bell): remove it and send it again';

function validatorProblems(errors: unknown): Problem[] | undefined {
  if (!Array.isArray(errors)) return undefined;
  return errors.map((error: { path?: unknown; message?: unknown }) => {
    const message = String(error.message ?? 'is invalid');
    return {
      path: String(error.path ?? '').replaceAll('.', '/'),
      message: PLAIN_TEXT_BROKEN.test(message) ? CONTROL_CHARACTER : message,
    };
  });
}

export function toErrorResponse(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof HttpError) {
    const body: ErrorBody = { message: error.message };
    if (error.code) body.code = error.code;
    if (error.errors) body.errors = error.errors;
    if (error.details) body.details = error.details;
    return { status: error.status, body };
  }
  const candidate = (error ?? {}) as StatusError;
  const status = Number(candidate.status ?? candidate.statusCode);
  if (candidate.type === 'entity.parse.failed') {
    return { status: 400, body: { message: 'The request body is not valid JSON' } };
  }
  if (candidate.type === 'entity.too.large') {
    return { status: 413, body: { message: 'The request body is too large' } };
  }
  if (status === 415) {
    // The validator's own words ('unsupported media type undefined') mean nothing to a caller.
    return { status, body: { message: 'Send the request body as JSON (Content-Type: application/json)' } };
  }
  if (Number.isInteger(status) && status >= 400 && status < 500) {
    const problems = validatorProblems(candidate.errors);
    const control = problems?.find((problem) => problem.message === CONTROL_CHARACTER);
    // The validator's security step words a missing or non-bearer header its own way, and a refused role as
    // 'unauthorized': every 401 and 403 reads the same as the routes' own.
    const message =
      status === 404
        ? 'Not found'
        : status === 401
          ? 'Please sign in again'
          : status === 403
            ? 'Forbidden'
            : control
              ? `${control.path.split('/').pop() ?? 'A field'} ${CONTROL_CHARACTER}`
              : String(candidate.message ?? 'Bad request');
    return { status, body: problems && status === 400 ? { message, errors: problems } : { message } };
  }
  return { status: 500, body: { message: 'Something went wrong on our side' } };
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const { status, body } = toErrorResponse(error);
    if (status >= 500) logger.error({ err: error, url: redactUrl(req.originalUrl) }, 'request failed');
    res.status(status).json(body);
  };
}
