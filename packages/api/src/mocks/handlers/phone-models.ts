// The model catalogue as the server serves it, from the same generated rows (phone-models.ts).
import { HttpResponse } from 'msw';
import { phoneModels } from '../../phone-models';
import { http, type OperationHandlers } from '../support';

export function phoneModelHandlers(): OperationHandlers {
  return {
    listPhoneModels: http.get('/phone-models', ({ query, response }) => {
      const brand = query.get('brand');
      return response(200).json(
        phoneModels(brand === '01' || brand === '02' || brand === '03' ? brand : undefined),
      );
    }),
  };
}

/** A listing field the catalogue or the grades refuse: a 400 in the Error shape, worded as the server words it. */
export function failField(problem: { path: string; message: string }): never {
  throw HttpResponse.json(
    { message: `request${problem.path} ${problem.message}`, errors: [problem] },
    { status: 400 },
  );
}
