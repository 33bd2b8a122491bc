export { GradeGuide, GradeNote } from './GradeGuide';
