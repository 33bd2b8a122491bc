import type { SendCachedJson } from '../../http/cached-json';
import { operations, type Operations } from '../../http/operation';
import type { PricesService } from './service';

/** The price guide is public: the same for everyone, so its bytes are kept until the next write (cached-json). */
export function priceRoutes(service: PricesService, sendCached: SendCachedJson, now: () => Date): Operations {
  return operations({
    async getPriceGuide(req, res) {
      // Kept per minute too: the 90 days move with the clock even when nothing is written, so a guide is at most
      // a minute behind the window, as it may be in a shared cache.
      res.set('Cache-Control', 'public, max-age=60');
      const minute = now().toISOString().slice(0, 16);
      try {
        await sendCached(
          { originalUrl: `${req.originalUrl}\u0000${minute}`, headers: req.headers },
          res,
          () => service.getPriceGuide(req.params.modelKey),
        );
      } catch (error) {
        // a 404 now may be a guide after the model's first deal: not kept by shared caches
        res.removeHeader('Cache-Control');
        throw error;
      }
    },
  });
}
