import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

describe('ARCHIVE_MODE, EXPORT_PER_HOUR, IMPORT_MAX_MB', () => {
  it('default to an open site, 3 exports an hour and 200 MB imports', () => {
    expect(loadConfig({})).toMatchObject({ archiveMode: false, exportPerHour: 3, importMaxMb: 200 });
  });

  it('are read from the environment', () => {
    expect(loadConfig({ ARCHIVE_MODE: '1', EXPORT_PER_HOUR: '0', IMPORT_MAX_MB: '50' })).toMatchObject({
      archiveMode: true,
      exportPerHour: 0,
      importMaxMb: 50,
    });
  });

  it('refuse values that are not what they say, naming the variable', () => {
    expect(() => loadConfig({ ARCHIVE_MODE: 'maybe' })).toThrow(/ARCHIVE_MODE/);
    expect(() => loadConfig({ EXPORT_PER_HOUR: '-1' })).toThrow(/EXPORT_PER_HOUR/);
    expect(() => loadConfig({ IMPORT_MAX_MB: '0' })).toThrow(/IMPORT_MAX_MB/);
  });
});
