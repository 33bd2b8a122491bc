import type { ErrorRequestHandler, RequestHandler } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import multer from 'multer';
import { requireUser } from '../../http/authenticate';
import { HttpError } from '../../http/errors';
import { operations, type Operations } from '../../http/operation';
import { admission, BUSY_RETRY_SECONDS } from './gates';
import { MAX_PICTURE_BYTES, PROCESSED_AT_ONCE, type PicturesService } from './service';

/** Per seller: enough to redo every picture of several listings, far from enough to keep the server busy. */
export const UPLOADS_PER_WINDOW = 30;
export const UPLOAD_WINDOW_MS = 10 * 60 * 1000;
/** Uploads in the server at once (being read, waiting or processed), and how many of them one seller may hold. */
export const UPLOADS_ADMITTED = PROCESSED_AT_ONCE + 14;
export const UPLOADS_PER_SELLER_AT_ONCE = 2;

/**
 * Runs before the request validator: only a signed-in seller's or buyer's multipart upload is read (a listing's
 * picture, a claim's), within the uploader's rate limit and while the server has room for it (gates.ts), at most one file of 5 MB, kept in memory (it is
 * re-encoded before anything is written). Every refusal here comes before a byte of the body is read.
 */
/** `store`: where the per-seller counts live (shared across processes on PostgreSQL; memory when undefined). */
export function pictureUpload(store?: Store): Operations {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_PICTURE_BYTES, files: 1, fields: 5, parts: 6 },
  }).single('image');
  const sellersOnly: RequestHandler = (_req, res, next) => {
    requireUser(res);
    next();
  };
  // Without this the body would fall through to the JSON parser and the validator, whose 415 says "send JSON".
  const multipartOnly: RequestHandler = (req, _res, next) => {
    if (!req.is('multipart/form-data')) {
      throw new HttpError(415, 'Send the picture as multipart/form-data, with the file in the field "image"');
    }
    next();
  };
  // Keyed on the signed-in seller, not the address: sellers behind one NAT do not share a limit, and one seller
  // does not get more by changing address.
  const perSeller = rateLimit({
    ...(store && { store }),
    windowMs: UPLOAD_WINDOW_MS,
    limit: UPLOADS_PER_WINDOW,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (_req, res) => requireUser(res).id,
    handler: (_req, _res, next) =>
      next(new HttpError(429, 'Too many pictures uploaded; please try again in a few minutes')),
  });
  const places = admission({ capacity: UPLOADS_ADMITTED, perSeller: UPLOADS_PER_SELLER_AT_ONCE });
  const admit: RequestHandler = (_req, res, next) => {
    try {
      // Held until the answer is sent or the client goes away, whichever comes first.
      const release = places.enter(requireUser(res).id);
      res.once('close', release);
      next();
    } catch (error) {
      if (error instanceof HttpError && error.status === 503)
        res.set('retry-after', String(BUSY_RETRY_SECONDS));
      throw error;
    }
  };
  const markFile: RequestHandler = (req, _res, next) => {
    // The validator sees the file field as present (the bytes stay in req.file).
    if (req.file) req.body = { ...(req.body as object), image: '' };
    next();
  };
  const uploadErrors: ErrorRequestHandler = (error, _req, _res, next) => {
    if (error instanceof multer.MulterError) {
      if (error.code === 'LIMIT_FILE_SIZE')
        return next(new HttpError(413, 'The picture must be 5 MB or smaller'));
      return next(new HttpError(400, `Send one picture in the field "image" (${error.message})`));
    }
    if (error instanceof HttpError) return next(error);
    next(new HttpError(400, 'Send the picture as multipart form data'));
  };
  return operations(
    {},
    {
      uploadImage: [sellersOnly, multipartOnly, perSeller, admit, upload, markFile, uploadErrors],
    },
  );
}

export function pictureRoutes(service: PicturesService): Operations {
  return operations({
    async uploadImage(req, res) {
      const uploader = requireUser(res);
      if (!req.file) throw new HttpError(400, 'request/body/image is required');
      res.status(201).json(await service.uploadImage(req.file.buffer, uploader.id));
    },
  });
}
