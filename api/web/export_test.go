package web

// Explain is explain, for the external tests that hold it against the
// API's answers.
var Explain = explain
