import type { RequestHandler } from 'express';
import { requireUser } from '../../http/authenticate';
import { operations, type Operations } from '../../http/operation';
import { pageRequest } from '../../http/pagination';
import type { ReviewsService } from './service';

/** `reports`: the reports' rate limit, shared with createReport's and reportMessage's. */
export function reviewRoutes(service: ReviewsService, limits: { reports: RequestHandler }): Operations {
  return operations(
    {
      async getDealReviews(req, res) {
        res.json(await service.getDealReviews(requireUser(res), req.params.id));
      },

      async createReview(req, res) {
        res.status(201).json(await service.createReview(requireUser(res), req.params.id, req.body));
      },

      async listSellerReviews(req, res) {
        res.json(await service.listSellerReviews(req.params.id, pageRequest(req.query)));
      },

      async getSellerProfile(req, res) {
        res.json(await service.getSellerProfile(req.params.id));
      },

      async getBuyerRecord(req, res) {
        res.json(await service.getBuyerRecord(requireUser(res), req.params.id));
      },

      async replyToReview(req, res) {
        res.status(201).json(await service.replyToReview(requireUser(res), req.params.id, req.body.text));
      },

      async reportReview(req, res) {
        res.status(201).json(await service.reportReview(requireUser(res), req.params.id, req.body.reason));
      },

      async listReviewReports(req, res) {
        const status = req.query.status === 'hidden' ? 'hidden' : 'open';
        res.json(await service.listReviewReports(status, pageRequest(req.query)));
      },

      async hideReview(req, res) {
        res.json(await service.hideReview(requireUser(res), req.params.id, req.body.reason));
      },
    },
    { reportReview: [limits.reports] },
  );
}
