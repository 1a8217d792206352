export { readSchoolFile, type RejectedSchool, SchoolFileError, SchoolFileReader, type SchoolRow } from './ccd-school-file';
export { importSchools, type SchoolImportCounts, schoolSummaryLine } from './import-schools';
export { type SchoolRecord, schoolStream } from './school-record';
export type { SchoolEvent, SchoolListed } from './schools.events';
export { SchoolsModule } from './schools.module';
