package api

import "github.com/traveler-bridge/traveler/api/dto"

// The JSON shapes the pages answer too live in api/dto (the pages may not
// import api, which mounts them); api answers them under the same names.

// RevokeRequest is one revoke: the side that revoked and the penalty the
// innocent declarer chose (dto.RevokeRequest).
type RevokeRequest = dto.RevokeRequest

// AssignedPartDTO is one weighted part of an assigned adjusted score
// (dto.AssignedPartDTO).
type AssignedPartDTO = dto.AssignedPartDTO

// ResultResponse is a stored result, as the API and the table page write
// it (dto.ResultResponse).
type ResultResponse = dto.ResultResponse

// ErrorResponse is every error answer (dto.ErrorResponse).
type ErrorResponse = dto.ErrorResponse

// ClubPlayerRequest is a player the club knows, by name and number: the
// body of POST /v1/players, and each player the roster's type-ahead offers
// (dto.ClubPlayerRequest).
type ClubPlayerRequest = dto.ClubPlayerRequest
