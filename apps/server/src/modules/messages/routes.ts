import type { RequestHandler } from 'express';
import { requireUser } from '../../http/authenticate';
import { operations, type Operations } from '../../http/operation';
import { pageRequest } from '../../http/pagination';
import type { MessagesService, NewConversation, NewMessage } from './service';

/** Rate limits that key on the signed-in sender, so they run after the contract's security step. */
export interface MessageLimits {
  /** Every message, in a new conversation or an old one. */
  messages: RequestHandler;
  /** New conversations (a start that adds to an existing one is not counted). */
  newConversations: RequestHandler;
  /** Reports, shared with createReport's. */
  reports: RequestHandler;
}

export function messageRoutes(service: MessagesService, limits: MessageLimits): Operations {
  return operations(
    {
      async listConversations(req, res) {
        const user = requireUser(res);
        res.json(await service.listConversations(user, req.query.mobileId, pageRequest(req.query)));
      },

      async startConversation(req, res) {
        const user = requireUser(res);
        const { created, conversation } = await service.startConversation(user, req.body as NewConversation);
        res.status(created ? 201 : 200).json(conversation);
      },

      async getUnreadCount(_req, res) {
        res.json(await service.getUnreadCount(requireUser(res)));
      },

      async getConversation(req, res) {
        res.json(await service.getConversation(requireUser(res), req.params.id));
      },

      async listMessages(req, res) {
        const user = requireUser(res);
        res.json(await service.listMessages(user, req.params.id, req.query.before, req.query.limit ?? 30));
      },

      async sendMessage(req, res) {
        const user = requireUser(res);
        res.status(201).json(await service.sendMessage(user, req.params.id, req.body as NewMessage));
      },

      async markConversationRead(req, res) {
        const user = requireUser(res);
        res.json(await service.markConversationRead(user, req.params.id, req.body.upTo));
      },

      async blockPerson(req, res) {
        res.json(await service.blockPerson(requireUser(res), req.params.id));
      },

      async unblockPerson(req, res) {
        res.json(await service.unblockPerson(requireUser(res), req.params.id));
      },

      async reportMessage(req, res) {
        const user = requireUser(res);
        res.status(201).json(await service.reportMessage(user, req.params.id, req.body.reason));
      },

      async getReportedConversation(req, res) {
        res.json(await service.getReportedConversation(requireUser(res), req.params.id));
      },
    },
    // Per sender, so after the contract has said who is calling.
    {
      startConversation: [limits.messages, limits.newConversations],
      sendMessage: [limits.messages],
      reportMessage: [limits.reports],
    },
  );
}
