export { createCloseHistoryService, type CloseHistoryService } from './close-history-service';
export { closeHistoryCsv, closeHistoryFileName } from './close-history-csv';
export { recordTokenAccountCloses, type TokenAccountCloseRow } from './close-history-repository';
