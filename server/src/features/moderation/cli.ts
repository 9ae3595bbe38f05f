/** `npm run moderator -- add <uid> | remove <uid> | list` (server/dist/moderator.js): see --help. */
import { moderatorCommand } from './command';

moderatorCommand(process.argv.slice(2), process.env, { out: (line) => console.log(line), err: (line) => console.error(line) }).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`moderator failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
