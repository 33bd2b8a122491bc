// Typed HTTP errors thrown by services, and the one error handler that writes the contract's Error shape
// ({ message, code?, errors? }, a closed schema) and never a stack.
import type { ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import { redactUrl } from './redact';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly errors?: { path: string; message: string }[],
    /** Handover codes that may still be tried (the safe deal's wrong_code and handover_locked). */
    readonly attemptsLeft?: number,
  ) {
    super(message);
  }
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
export const conflict = (message: string, code?: string): never => {
  throw new HttpError(409, message, code);
};

interface ErrorBody {
  message: string;
  code?: string;
  errors?: { path: string; message: string }[];
  attemptsLeft?: number;
}

/** Errors from express-openapi-validator and body-parser carry `status` and, for validation, `errors`. */
interface StatusError {
  status?: unknown;
  statusCode?: unknown;
  type?: unknown;
  message?: unknown;
  errors?: unknown;
}

function validatorProblems(errors: unknown): { path: string; message: string }[] | undefined {
  if (!Array.isArray(errors)) return undefined;
  return errors.map((error: { path?: unknown; message?: unknown }) => ({
    path: String(error.path ?? '').replaceAll('.', '/'),
    message: String(error.message ?? 'is invalid'),
  }));
}

export function toErrorResponse(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof HttpError) {
    const body: ErrorBody = { message: error.message };
    if (error.code) body.code = error.code;
    if (error.errors) body.errors = error.errors;
    if (error.attemptsLeft !== undefined) body.attemptsLeft = error.attemptsLeft;
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
    // The validator's security step words a missing or non-bearer header its own way; every 401 reads the same.
    const message =
      status === 404
        ? 'Not found'
        : status === 401
          ? 'Please sign in again'
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
