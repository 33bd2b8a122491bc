import express from 'express';
import { requireUser } from '../../http/authenticate';
import { HttpError } from '../../http/errors';
import { operations, type Operations } from '../../http/operation';
import { pageRequest } from '../../http/pagination';
import type { CaughtMailReader } from './caught-mail';
import type { NotificationsService } from './service';

/**
 * RFC 8058's one-click POST is a form (`List-Unsubscribe=One-Click`), the one body here that is not JSON: parsed
 * before the contract's checks read it.
 */
export function unsubscribeForm(): Operations {
  return operations(
    {},
    {
      unsubscribe: [express.urlencoded({ extended: false, limit: '1kb', parameterLimit: 5 })],
    },
  );
}

export function notificationRoutes(service: NotificationsService, mail: CaughtMailReader): Operations {
  return operations({
    async listNotifications(req, res) {
      res.json(await service.listNotifications(requireUser(res), pageRequest(req.query)));
    },

    async getNotificationCount(_req, res) {
      res.json(await service.getNotificationCount(requireUser(res)));
    },

    async markNotificationRead(req, res) {
      res.json(await service.markNotificationRead(requireUser(res), req.params.id));
    },

    async markAllNotificationsRead(req, res) {
      // Nothing to say but "all": a body is a client mistaking this for another call, not something to ignore.
      const body: unknown = req.body;
      if (Array.isArray(body) || (body && typeof body === 'object' && Object.keys(body).length > 0)) {
        throw new HttpError(400, 'This request takes no body');
      }
      res.json(await service.markAllNotificationsRead(requireUser(res)));
    },

    async getNotificationPreferences(_req, res) {
      res.json(await service.getNotificationPreferences(requireUser(res)));
    },

    async updateNotificationPreferences(req, res) {
      res.json(await service.updateNotificationPreferences(requireUser(res), req.body));
    },

    async getUnsubscribeLink(req, res) {
      res.json(await service.getUnsubscribeLink(req.query.token));
    },

    async unsubscribe(req, res) {
      res.json(await service.unsubscribe(req.query.token));
    },

    async listCaughtMail(req, res) {
      res.json(await mail.listCaughtMail(pageRequest(req.query)));
    },

    async getCaughtMail(req, res) {
      res.json(await mail.getCaughtMail(req.params.id));
    },
  });
}
