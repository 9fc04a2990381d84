package db

// CheckConstraints names the CHECK constraints the store explains to a user,
// for the test that each is in the schema and each of the schema's is here.
func CheckConstraints() []string {
	names := make([]string, 0, len(checks))
	for n := range checks {
		names = append(names, n)
	}
	return names
}

// The statements CreateResults runs, for EXPLAIN in a test.
var (
	InsertResultsPlainSQL = insertResultsPlainSQL
	InsertResultsKeySQL   = insertResultsKeySQL
)

// MaxConns returns the size of s's pool.
func MaxConns(s *Store) int32 { return s.pool.Config().MaxConns }
