export * from './components/CellPhoneForm';
export * from './components/ExportLinks';
