import { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import multer from 'multer';
import { requireUser } from '../../http/authenticate';
import { HttpError } from '../../http/errors';
import { MAX_PICTURE_BYTES, type PicturesService } from './service';

/**
 * Runs before the request validator: only a signed-in seller's upload is read, at most one file of 5 MB,
 * kept in memory (it is re-encoded before anything is written).
 */
export function pictureUpload(): Router {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_PICTURE_BYTES, files: 1, fields: 5, parts: 6 },
  }).single('image');
  const sellersOnly: RequestHandler = (_req, res, next) => {
    requireUser(res, ['seller']);
    next();
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
  const router = Router();
  router.post('/images', sellersOnly, upload, markFile, uploadErrors);
  return router;
}

export function pictureRoutes(service: PicturesService): Router {
  const router = Router();
  router.post('/images', async (req, res) => {
    requireUser(res, ['seller']);
    if (!req.file) throw new HttpError(400, 'request/body/image is required');
    res.status(201).json(await service.store(req.file.buffer));
  });
  return router;
}
