// The baseline: a bare Express 5 hello-world, measured in the same run as the API.
import express from 'express';

const app = express();
app.get('/hello', (_req, res) => {
  res.json({ hello: 'world' });
});
const port = Number(process.env.PORT ?? 0);
const server = app.listen(port, '127.0.0.1', () => {
  console.log(`hello listening on ${port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
