import { unwrap, type components } from '@recell/api';
import { useMutation } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export type NewReport = components['schemas']['NewReport'];

export const createReport = (api: Api, report: NewReport) => unwrap(api.POST('/report', { body: report }));

export function useCreateReport() {
  const api = useApi();
  return useMutation({ mutationFn: (report: NewReport) => createReport(api, report) });
}
