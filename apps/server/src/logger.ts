// The server's logger. JSON lines when a machine reads the output (CI, a log shipper, LOG_FORMAT=json); short
// coloured lines when a person watches `npm start` in a terminal. pino-pretty runs as a stream in this thread,
// not as a transport worker, so a crash still flushes its last lines.
import type { DestinationStream } from 'pino';
import { pino } from 'pino';
import { PinoPretty } from 'pino-pretty';
import type { Config } from './config';

export function createLogger(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  output: DestinationStream & { isTTY?: boolean } = process.stdout,
) {
  const pretty = config.logFormat === 'pretty' || (config.logFormat === undefined && output.isTTY === true);
  const options = {
    level: config.logLevel,
    // Bearer tokens and webhook signatures never reach the logs.
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["stripe-signature"]'],
  };
  if (!pretty) return pino(options, output);
  return pino(
    options,
    PinoPretty({
      destination: output,
      colorize: output.isTTY === true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname',
      // a request is one line: method, URL, status and time, not the whole request and response objects
      messageFormat: '{if req.method}{req.method} {req.url} {res.statusCode} {responseTime} ms{end}{msg}',
      hideObject: false,
      sync: true,
    }),
  );
}
