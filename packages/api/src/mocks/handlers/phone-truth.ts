import type { MockStore } from '../store';
import {
  confirmByAdmin,
  confirmListingModel,
  deviceOf,
  imeiCheck,
  tacConflicts,
  tacEvidence,
} from '../phone-truth';
import { fail, http, now, requireUser, type OperationHandlers } from '../support';
import { modelName, shippedTac, tacOf } from '../../tac';
import { luhnValid } from '../../test-cards';

export function phoneTruthHandlers(store: MockStore) {
  const record = (imei: string) => {
    const row = shippedTac(tacOf(imei)) ?? store.learnedTacs.get(tacOf(imei));
    const mark = store.imeiMarks.get(imei);
    return {
      imei,
      tac: tacOf(imei),
      ...(row ? { modelName: modelName(row) } : {}),
      device: deviceOf(store, imei),
      ...(mark ? { mark } : {}),
      listings: store.mobiles
        .filter((mobile) => store.imeis.get(mobile._id) === imei)
        .map((mobile) => ({
          _id: mobile._id,
          title: mobile.title,
          sellerEmail: mobile.email,
          postedAt: mobile.the_time_it_posted,
          active: !store.imeiReleased.has(mobile._id),
        })),
    };
  };

  return {
    checkImei: http.post('/imei-check', async ({ request, response }) => {
      requireUser(store, request);
      const body = await request.json();
      if (!luhnValid(body.imei)) fail(400, 'request/body/imei has a wrong check digit');
      return response(200).json(imeiCheck(store, body.imei, body));
    }),

    getImei: http.get('/imeis/{imei}', ({ request, params, response }) => {
      requireUser(store, request);
      return response(200).json(record(params.imei));
    }),

    setImeiStatus: http.put('/imeis/{imei}/status', async ({ request, params, response }) => {
      const admin = requireUser(store, request);
      const { status, reason } = await request.json();
      store.imeiMarks.set(params.imei, { status, reason, markedBy: admin.email, markedAt: now() });
      store.audit.push({
        _id: store.nextId('a'),
        at: now(),
        actorEmail: admin.email,
        action: status === 'blocked' ? 'imei.block' : 'imei.clear',
        target: params.imei,
      });
      for (const mobile of store.mobiles) {
        if (store.imeis.get(mobile._id) === params.imei && mobile.imeiCheck) {
          mobile.imeiCheck = { ...mobile.imeiCheck, device: deviceOf(store, params.imei) };
        }
      }
      return response(200).json(record(params.imei));
    }),

    confirmImeiModel: http.post('/mobile/{id}/imei-model', ({ request, params, response }) => {
      const admin = requireUser(store, request);
      const mobile = store.mobiles.find((candidate) => candidate._id === params.id) ?? fail(404, 'Not found');
      const imei = store.imeis.get(mobile._id) ?? fail(409, 'This listing has no IMEI to confirm');
      confirmListingModel(store, mobile);
      store.audit.push({
        _id: store.nextId('a'),
        at: now(),
        actorEmail: admin.email,
        action: 'imei.confirm-model',
        target: mobile._id,
        targetName: mobile.title,
      });
      return response(200).json(imeiCheck(store, imei, mobile));
    }),

    listTacConflicts: http.get('/tac-conflicts', ({ request, response }) => {
      requireUser(store, request);
      return response(200).json(tacConflicts(store));
    }),

    confirmTacModel: http.put('/tacs/{tac}/model', async ({ request, params, response }) => {
      const admin = requireUser(store, request);
      const { confirmationId } = await request.json();
      const chosen =
        store.tacConfirmations.find((row) => row._id === confirmationId && row.tac === params.tac) ??
        fail(404, 'Not found');
      const row = { tac: params.tac, category_id: chosen.category_id, model: chosen.model };
      confirmByAdmin(store, row);
      store.audit.push({
        _id: store.nextId('a'),
        at: now(),
        actorEmail: admin.email,
        action: 'imei.confirm-tac-model',
        target: params.tac,
        targetName: modelName(row),
      });
      return response(200).json(tacEvidence(store, params.tac));
    }),
  } satisfies Partial<OperationHandlers>;
}
