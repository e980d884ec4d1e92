// Child process of the bench: measureFirstSignedInPage() (scripts/measure-web.ts) starts a local stack of its own,
// and a process can hold only one (the handlers' clients keep the first stack's endpoints), so the bench runs it
// here and reads the one JSON line this prints.
import { measureFirstSignedInPage } from './measure-web.js';

try {
  const measured = await measureFirstSignedInPage();
  const files = (load: typeof measured.viaSignInLink) => ({
    jsGzipBytes: load.jsGzipBytes,
    cssGzipBytes: load.cssGzipBytes,
    jsRawBytes: load.jsRawBytes,
    pageChunks: load.pageChunks,
  });
  console.log(
    `BENCH_FIRST_PAGE ${JSON.stringify({ email: measured.email, viaSignInLink: files(measured.viaSignInLink), returningVisit: files(measured.returningVisit) })}`,
  );
  process.exit(0);
} catch (error) {
  console.error(error);
  process.exit(1);
}
