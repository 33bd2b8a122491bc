export { MeetupLine } from './MeetupLine';
