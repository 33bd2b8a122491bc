import { requireUser } from '../../http/authenticate';
import { operations, type Operations } from '../../http/operation';
import { pageRequest } from '../../http/pagination';
import type { MeetupsService } from './service';

export function meetupRoutes(service: MeetupsService): Operations {
  return operations({
    async listMeetupSpots(req, res) {
      requireUser(res);
      res.json(await service.listMeetupSpots(pageRequest(req.query)));
    },

    async createMeetupSpot(req, res) {
      const admin = requireUser(res);
      res.status(201).json(await service.createMeetupSpot(admin, req.body));
    },

    async updateMeetupSpot(req, res) {
      const admin = requireUser(res);
      res.json(await service.updateMeetupSpot(admin, req.params.id, req.body));
    },

    async deleteMeetupSpot(req, res) {
      const admin = requireUser(res);
      res.json(await service.deleteMeetupSpot(admin, req.params.id));
    },

    async suggestMeetupSpots(req, res) {
      requireUser(res);
      res.json(await service.suggestMeetupSpots(req.query.mobileId, req.query.area));
    },

    async getBookingCalendar(req, res) {
      const user = requireUser(res);
      const calendar = await service.getBookingCalendar(user, req.params.id);
      res
        .type('text/calendar; charset=utf-8')
        .set('Content-Disposition', 'attachment; filename="recell-meetup.ics"')
        .send(calendar);
    },
  });
}
