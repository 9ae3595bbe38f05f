/** `npm run deploy-key -- create <remote> | list | revoke <id>` (server/dist/deploy-key.js): see --help. */
import { deployKeyCommand } from './key-command';

deployKeyCommand(process.argv.slice(2), process.env, { out: (line) => console.log(line), err: (line) => console.error(line) }).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`deploy-key failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
